import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { authSessions, refreshTokens, users } from '../../db/schema/index.js';
import { verifyAccessToken } from '../../platform/guard.js';
import { hashToken } from './tokens.js';

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

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
async function endSessionByToken(deps: Deps, presented: string | undefined): Promise<void> {
  if (!presented) return;
  const ended = await runPlatform(deps, async (tx) => {
    const [row] = await tx
      .select({ sessionId: refreshTokens.sessionId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hashToken(presented)));
    if (!row) return null;
    const [s] = await tx
      .update(authSessions)
      .set({ endedAt: new Date(), endedReason: 'logout' })
      .where(eq(authSessions.id, row.sessionId))
      .returning();
    return s ?? null;
  });
  if (ended) {
    const [u] = await deps.pools.platformDb
      .select({ companyId: users.companyId })
      .from(users)
      .where(eq(users.id, ended.userId));
    if (u) deps.realtime.endSessions(u.companyId, ended.userId, [ended.id], 'logout');
  }
}
