import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { authSessions, refreshTokens, users } from '../../db/schema/index.js';
import { verifyAccessToken } from '../../platform/guard.js';
import { hashToken } from './tokens.js';
import { authEvents } from './auth-events.js';

/**
 * `DELETE /auth/logout` (public): ends the session of the refresh cookie, and the one the access
 * token names when it is still valid. Either may be missing or stale: logout always succeeds.
 */
export async function logout(deps: Deps, refreshToken: string | undefined, accessSessionId: string | null) {
  await endSessionByToken(deps, refreshToken);
  if (accessSessionId) {
    await runPlatform(deps, (tx) =>
      tx
        .update(authSessions)
        .set({ endedAt: new Date(), endedReason: 'logout' })
        .where(eq(authSessions.id, accessSessionId)),
    );
  }
}

/** The session a bearer header's access token names, or null when there is none or it is not valid. */
export function bearerSessionId(app: FastifyInstance, authorization: string | undefined): string | null {
  const bearer = authorization?.replace(/^Bearer /, '');
  if (!bearer) return null;
  try {
    return verifyAccessToken(app, bearer).sid;
  } catch {
    return null;
  }
}

/** Ends the session a refresh token belongs to (logout); its sockets are told and closed. Unknown tokens are ignored. */
async function endSessionByToken(deps: Deps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  await runPlatform(deps, async (tx, events) => {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId, companyId: users.companyId })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)));
    if (!row) return;
    const [ended] = await tx
      .update(authSessions)
      .set({ endedAt: new Date(), endedReason: 'logout' })
      .where(eq(authSessions.id, row.sessionId))
      .returning({ id: authSessions.id, userId: authSessions.userId });
    if (ended) events.push(...authEvents.sessionsEnded(row.companyId, ended.userId, [ended.id], 'logout'));
  });
}
