import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { queues, userQueues, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { userColumns, withQueues } from '../users/user-view.js';
import { roomScope } from '../users/socket-scope.js';

/**
 * Deleting a queue keeps its tickets (their queue becomes none, by the foreign key) and takes its
 * options and its links to users and connections with it (cascade). Its members' open sockets
 * are moved to the rooms their remaining queues allow, and the users' lists hear the change.
 */
export async function deleteQueue(ctx: Ctx, id: number) {
  const { companyId } = ctx.actor;
  const members = await ctx.tenant(async (tx, events) => {
    const links = await tx.select({ userId: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, id));
    const gone = await tx.delete(queues).where(eq(queues.id, id)).returning({ id: queues.id });
    if (gone.length === 0) throw notFound('queue');
    events.push({ companyId, topic: 'queue', payload: { action: 'delete', queueId: id }, audience: { to: 'company' } });
    const userIds = links.map((l) => l.userId);
    if (userIds.length === 0) return [];
    const members = await withQueues(tx, await tx.select(userColumns).from(users).where(inArray(users.id, userIds)));
    for (const user of members) {
      events.push({
        companyId,
        topic: 'user',
        payload: { action: 'update', user },
        audience: { to: 'user', userId: user.id, alsoAdmins: true },
      });
    }
    return members;
  });
  await Promise.all(members.map((user) => ctx.deps.realtime.refreshUser(user.id, roomScope(user))));
}
