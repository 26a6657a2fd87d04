import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { authSessions, companies, users } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { authEvents } from '../auth/auth-events.js';

/**
 * `DELETE /companies/{id}` (super users; never their own company). Everything of the company
 * goes with it (cascade); its users' open sockets are told and closed.
 */
export async function deleteCompany(ctx: Ctx, companyId: number) {
  if (companyId === ctx.actor.companyId) throw invalid({ id: 'ownCompany' }, 'You cannot delete your own company');
  await ctx.platform(async (tx, events) => {
    // Read before the delete cascades them away: its users' live sockets must be closed.
    const open = await tx
      .select({ id: authSessions.id, userId: authSessions.userId })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(users.companyId, companyId), isNull(authSessions.endedAt)));
    const deleted = await tx.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id });
    if (deleted.length === 0) throw notFound('company');
    for (const userId of new Set(open.map((s) => s.userId))) {
      const ids = open.filter((s) => s.userId === userId).map((s) => s.id);
      events.push(...authEvents.sessionsEnded(companyId, userId, ids, 'account-removed'));
    }
  });
}
