import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { prepared } from '../db/prepared.js';
import { authSessions, companies, plans, users } from '../db/schema/index.js';
import { companyActive } from './subscription.js';

/**
 * The edge's single read: the session named by a token, with its user, company and plan as they
 * are now. Profile, super and company status are never taken from the token itself. Every
 * request makes it, so it is prepared once (see db/prepared.ts).
 */
export async function loadSession(platformDb: Database, sessionId: string, userId: number) {
  const [row] = await sessionQuery(platformDb).execute({ sessionId, userId, now: new Date() });
  return row;
}

function sessionQuery(platformDb: Database) {
  return prepared(platformDb, 'load_session', (name) =>
    platformDb
      .select({
        sessionId: authSessions.id,
        user: {
          id: users.id,
          companyId: users.companyId,
          profile: users.profile,
          super: users.super,
          name: users.name,
        },
        company: {
          id: companies.id,
          status: companies.status,
          dueDate: companies.dueDate,
          timezone: companies.timezone,
        },
        plan: plans,
      })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .innerJoin(plans, eq(plans.id, companies.planId))
      .where(
        and(
          eq(authSessions.id, sql.placeholder('sessionId')),
          eq(authSessions.userId, sql.placeholder('userId')),
          isNull(authSessions.endedAt),
          gt(authSessions.expiresAt, sql.placeholder('now')),
        ),
      )
      .limit(1)
      .prepare(name),
  );
}
export type LoadedSession = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

/** A user may work while their company's subscription runs (subscription.ts); super users always. */
export function subscriptionActive(s: Pick<LoadedSession, 'user' | 'company'>, now = new Date()): boolean {
  return s.user.super || companyActive(s.company, now);
}
