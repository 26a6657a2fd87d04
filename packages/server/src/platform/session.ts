import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { authSessions, companies, plans, users } from '../db/schema/index.js';

/**
 * The edge's single read: the session named by a token, with its user, company and plan as they
 * are now. Profile, super and company status are never taken from the token itself.
 */
export async function loadSession(platformDb: Database, sessionId: string, userId: number) {
  const [row] = await platformDb
    .select({
      sessionId: authSessions.id,
      user: {
        id: users.id,
        companyId: users.companyId,
        profile: users.profile,
        super: users.super,
        name: users.name,
      },
      company: { id: companies.id, status: companies.status, dueDate: companies.dueDate },
      plan: plans,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .innerJoin(companies, eq(companies.id, users.companyId))
    .innerJoin(plans, eq(plans.id, companies.planId))
    .where(
      and(
        eq(authSessions.id, sessionId),
        eq(authSessions.userId, userId),
        isNull(authSessions.endedAt),
        gt(authSessions.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return row;
}
export type LoadedSession = NonNullable<Awaited<ReturnType<typeof loadSession>>>;

/** A company may work while its status is on and its due date has not passed (super users always). */
export function subscriptionActive(s: Pick<LoadedSession, 'user' | 'company'>, now = new Date()): boolean {
  if (s.user.super) return true;
  if (!s.company.status) return false;
  return s.company.dueDate === null || s.company.dueDate.getTime() > now.getTime();
}
