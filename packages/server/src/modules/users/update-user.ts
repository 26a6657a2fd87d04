import { and, eq, isNull } from 'drizzle-orm';
import { can, type UserUpdateBody, type User } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { authSessions, users, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { invalid, isUniqueViolation, noPermission, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { loadUser } from './user-view.js';
import { replaceUserQueues } from './save-queues.js';
import { authEvents } from '../auth/auth-events.js';
import { userEvents } from './user-events.js';

/**
 * Admins edit anyone in their company; a user edits only themself, and never their own
 * profile, queues, connection or allTicket (those need the admin's permissions).
 */
export async function updateUser(ctx: Ctx, id: number, input: UserUpdateBody) {
  const { actor } = ctx;
  const isAdmin = can(actor, 'users:manage');
  if (!isAdmin && id !== actor.userId) throw notFound('user');
  if (input.profile !== undefined && !can(actor, 'user-modal:editProfile')) throw noPermission();
  if (input.queueIds !== undefined && !can(actor, 'user-modal:editQueues')) throw noPermission();
  if ((input.whatsappId !== undefined || input.allTicket !== undefined) && !isAdmin) throw noPermission();
  // No one demotes themself: a profile set on oneself must still manage users (the table decides).
  if (id === actor.userId && input.profile !== undefined && !can({ profile: input.profile }, 'users:manage')) {
    throw invalid({ profile: 'ownProfile' }, 'You cannot remove your own admin profile');
  }
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  try {
    const user = await ctx.tenant(async (tx, events) => {
      const [before] = await tx
        .select({ profile: users.profile, allTicket: users.allTicket })
        .from(users)
        .where(eq(users.id, id));
      if (!before) throw notFound('user');
      await ownRows(tx, whatsapps, [input.whatsappId], 'whatsappId');
      await tx
        .update(users)
        .set({
          name: input.name,
          email: input.email,
          profile: input.profile,
          whatsappId: input.whatsappId,
          allTicket: input.allTicket,
          ...(passwordHash ? { passwordHash } : {}),
          updatedAt: new Date(),
        })
        .where(eq(users.id, id));
      if (input.queueIds !== undefined) await replaceUserQueues(tx, actor.companyId, id, input.queueIds);
      const user = (await loadUser(tx, id))!;
      events.push(userEvents.updated(actor.companyId, user));
      // Open sockets hear only what the new scope allows, at once (not after a reconnect).
      const scopeChanged =
        before.profile !== user.profile || before.allTicket !== user.allTicket || input.queueIds !== undefined;
      if (scopeChanged) events.push(userEvents.roomsChanged(actor.companyId, user));
      return user;
    });
    if (passwordHash && id !== actor.userId) await endAllSessions(ctx, id);
    return user;
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_key')) throw invalid({ email: 'duplicated' }, 'This email is in use');
    throw err;
  }
}

/** A password changed by an admin ends the user's sessions. */
async function endAllSessions(ctx: Ctx, userId: number) {
  await ctx.platform(async (tx, events) => {
    const ended = await tx
      .update(authSessions)
      .set({ endedAt: new Date(), endedReason: 'password-changed' })
      .where(and(eq(authSessions.userId, userId), isNull(authSessions.endedAt)))
      .returning({ id: authSessions.id });
    const ids = ended.map((s) => s.id);
    events.push(...authEvents.sessionsEnded(ctx.actor.companyId, userId, ids, 'password-changed'));
  });
}

wireMatches<Answer<typeof updateUser>, User>(true);
