import { eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { queues, userQueues, users } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { userColumns, withQueues } from '../users/user-view.js';
import { userEvents } from '../users/user-events.js';
import { queueEvents } from './queue-events.js';

/**
 * Deleting a queue keeps its tickets (their queue becomes none, by the foreign key) and takes its
 * options and its links to users and connections with it (cascade). Its members' open sockets
 * are moved to the rooms their remaining queues allow, and the users' lists hear the change.
 */
export async function deleteQueue(ctx: Ctx, id: number) {
  const { companyId } = ctx.actor;
  await ctx.tenant(async (tx, events) => {
    const links = await tx.select({ userId: userQueues.userId }).from(userQueues).where(eq(userQueues.queueId, id));
    const gone = await tx.delete(queues).where(eq(queues.id, id)).returning({ id: queues.id });
    if (gone.length === 0) throw notFound('queue');
    events.push(queueEvents.deleted(companyId, id));
    const userIds = links.map((l) => l.userId);
    if (userIds.length === 0) return;
    const members = await withQueues(tx, await tx.select(userColumns).from(users).where(inArray(users.id, userIds)));
    for (const user of members)
      events.push(userEvents.updated(companyId, user), userEvents.roomsChanged(companyId, user));
  });
}
