import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runPlatform, runTenant } from '../../platform/context.js';
import { authSessions, refreshTokens, users } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { hashToken, newRefreshToken, sessionExpiry } from './tokens.js';
import { serializeSessionUser } from './serialize-user.js';
import { authEvents } from './auth-events.js';
import type { LoginAnswer } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

const refused = () => new AppError('ERR_SESSION_EXPIRED', 'Session ended, please sign in again', { status: 401 });

/**
 * Rotates the refresh token. A token that was already used is a stolen or replayed copy:
 * the whole session ends (the legitimate holder signs in again).
 */
export async function refresh(deps: Deps, presented: string | undefined) {
  if (!presented) throw refused();
  const next = newRefreshToken();
  const outcome = await runPlatform(deps, async (tx, events) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: authSessions, companyId: users.companyId })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(eq(refreshTokens.tokenHash, hashToken(presented)))
      .for('update', { of: authSessions })
      .limit(1);
    if (!row || row.session.endedAt || row.session.expiresAt < new Date()) return { kind: 'refused' as const };
    if (row.token.usedAt) {
      await tx
        .update(authSessions)
        .set({ endedAt: new Date(), endedReason: 'refresh-token-reuse' })
        .where(eq(authSessions.id, row.session.id));
      events.push(
        ...authEvents.sessionsEnded(row.companyId, row.session.userId, [row.session.id], 'refresh-token-reuse'),
      );
      return { kind: 'reuse' as const, session: row.session, companyId: row.companyId };
    }
    await tx
      .update(refreshTokens)
      .set({ usedAt: sql`now()` })
      .where(eq(refreshTokens.tokenHash, row.token.tokenHash));
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(next), sessionId: row.session.id });
    await tx.update(authSessions).set({ expiresAt: sessionExpiry() }).where(eq(authSessions.id, row.session.id));
    return { kind: 'rotated' as const, session: row.session, companyId: row.companyId };
  });
  if (outcome.kind !== 'rotated') throw refused();
  const user = await runTenant(deps, outcome.companyId, (tx) => serializeSessionUser(tx, outcome.session.userId));
  return { sessionId: outcome.session.id, refreshToken: next, user };
}

wireMatches<{ token: string; user: Answer<typeof refresh>['user'] }, LoginAnswer>(true);
