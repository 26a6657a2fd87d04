import { and, eq, isNull } from 'drizzle-orm';
import { can, type UserUpdateBody, type User } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { authSessions, users, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { invalid, noPermission, notFound } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import { loadUser, type UserView } from './user-view.js';
import { replaceUserQueues } from './save-queues.js';
import { authEvents } from '../auth/auth-events.js';
import { userEvents } from './user-events.js';
import { settingEmail } from './email-in-use.js';
import { assertCurrentPassword } from './current-password.js';

/**
 * Admins edit anyone in their company; a user edits only themself, and never their own
 * profile, queues, connection or allTicket (those need the admin's permissions). A field sent
 * as it is stored is no change: the spec's client sends the whole user back from its dialog,
 * also when someone edits their own name or password. Changing one's own password takes the
 * current one too (`currentPassword`).
 */
export async function updateUser(ctx: Ctx, id: number, body: UserUpdateBody) {
  const { actor } = ctx;
  const isAdmin = can(actor, 'users:manage');
  if (!isAdmin && id !== actor.userId) throw notFound('user');
  if (body.password && id === actor.userId) await assertCurrentPassword(ctx, body.currentPassword);
  const passwordHash = body.password ? await hashPassword(body.password) : undefined;
  return settingEmail(ctx, body.email, async () => {
    const user = await ctx.tenant(async (tx, events) => {
      const before = await loadUser(tx, id);
      if (!before) throw notFound('user');
      const input = changesOnly(body, before);
      if (input.profile !== undefined && !can(actor, 'user-modal:editProfile')) throw noPermission();
      if (input.queueIds !== undefined && !can(actor, 'user-modal:editQueues')) throw noPermission();
      if ((input.whatsappId !== undefined || input.allTicket !== undefined) && !isAdmin) throw noPermission();
      // No one demotes themself: a profile set on oneself must still manage users (the table decides).
      if (id === actor.userId && input.profile !== undefined && !can({ profile: input.profile }, 'users:manage')) {
        throw invalid({ profile: 'ownProfile' }, 'You cannot remove your own admin profile');
      }
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
  });
}

/** The body without the admin-held fields it sends as they are stored (profile, queues, connection, allTicket). */
function changesOnly(body: UserUpdateBody, before: UserView): UserUpdateBody {
  const wanted = new Set(body.queueIds);
  const sameQueues =
    body.queueIds !== undefined &&
    wanted.size === before.queueIds.length &&
    before.queueIds.every((q) => wanted.has(q));
  return {
    ...body,
    profile: body.profile === before.profile ? undefined : body.profile,
    queueIds: sameQueues ? undefined : body.queueIds,
    whatsappId: body.whatsappId === before.whatsappId ? undefined : body.whatsappId,
    allTicket: body.allTicket === before.allTicket ? undefined : body.allTicket,
  };
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
