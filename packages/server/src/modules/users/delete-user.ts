import { and, eq, isNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { authSessions, users } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { authEvents } from '../auth/auth-events.js';
import { userEvents } from './user-events.js';

/** `DELETE /users/{id}` (admins; never themself): the user's open sockets are told and closed. */
export async function deleteUser(ctx: Ctx, id: number) {
  const { actor } = ctx;
  if (id === actor.userId) throw invalid({ id: 'self' }, 'You cannot delete yourself');
  await ctx.tenant(async (tx, events) => {
    // Read before the delete cascades them away: the user's live sockets must be closed.
    const sessions = await tx
      .select({ id: authSessions.id })
      .from(authSessions)
      .innerJoin(users, eq(users.id, authSessions.userId))
      .where(and(eq(authSessions.userId, id), isNull(authSessions.endedAt)));
    const deleted = await tx.delete(users).where(eq(users.id, id)).returning({ id: users.id });
    if (deleted.length === 0) throw notFound('user');
    events.push(userEvents.deleted(actor.companyId, id));
    const ended = sessions.map((s) => s.id);
    events.push(...authEvents.sessionsEnded(actor.companyId, id, ended, 'account-removed'));
  });
}
