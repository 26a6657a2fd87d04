import { and, eq, isNull } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform, runTenant } from '../../platform/context.js';
import { authSessions, refreshTokens } from '../../db/schema/index.js';
import { hashToken, newRefreshToken, sessionExpiry } from './tokens.js';
import { serializeSessionUser } from './serialize-user.js';
import { authEvents } from './auth-events.js';

/**
 * Opens a session for a user who proved who they are. One session per user: the others end,
 * and their sockets are told ("Sua conta foi acessada em outro computador.") and closed.
 */
export async function openSession(deps: Deps, user: { id: number; companyId: number }) {
  const refreshToken = newRefreshToken();
  const sessionId = await runPlatform(deps, async (tx, events) => {
    const endedRows = await tx
      .update(authSessions)
      .set({ endedAt: new Date(), endedReason: 'replaced' })
      .where(and(eq(authSessions.userId, user.id), isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id });
    const [session] = await tx
      .insert(authSessions)
      .values({ userId: user.id, expiresAt: sessionExpiry() })
      .returning({ id: authSessions.id });
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId: session!.id });
    const ended = endedRows.map((r) => r.id);
    events.push(...authEvents.sessionsEnded(user.companyId, user.id, ended, 'replaced'));
    return session!.id;
  });
  const profile = await runTenant(deps, user.companyId, (tx) => serializeSessionUser(tx, user.id));
  return { sessionId, refreshToken, user: profile };
}
