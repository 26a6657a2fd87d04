import { eq } from 'drizzle-orm';
import { queues, whatsapps } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { readSettingOnce } from '../settings/read-setting.js';
import { queueAutoMessage, transferNotice } from './auto-messages.js';
import { trackCycle } from './tracking.js';
import { enterQueueHolder } from './queue-holder.js';
import { freedSlot } from './auto-assign.js';
import { existingUser, settingOn, writeTicket, type Transition } from './transition.js';

export interface TransferInput {
  queueId: number;
  userId?: number | null;
  whatsappId?: number;
}

/**
 * Transfer: to a queue (required), optionally to a user and another connection. With a user the
 * ticket is open and theirs; without one it waits in the queue (pending, no user). A closed
 * ticket is reopened first, not transferred. Waiting in a queue, it takes the queue's integration
 * or prompt (queue-holder.ts). With `sendMsgTransfTicket` enabled (and not a
 * group) the customer is told where they went, when the queue or the user changed.
 */
export async function transferTicket(s: Transition, input: TransferInput) {
  const before = s.ticket;
  if (before.status === 'closed') throw invalid({ status: 'closed' }, 'Reopen the ticket before transferring it');
  const [queue] = await s.tx
    .select({ id: queues.id, name: queues.name })
    .from(queues)
    .where(eq(queues.id, input.queueId));
  if (!queue) throw invalid({ queueId: 'notFound' }, 'Unknown queue');
  const user = input.userId ? await existingUser(s.tx, input.userId) : undefined;
  if (input.whatsappId !== undefined) {
    const [conn] = await s.tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, input.whatsappId));
    if (!conn) throw invalid({ whatsappId: 'notFound' }, 'Unknown connection');
  }
  const ticket = await writeTicket(s, {
    queueId: queue.id,
    userId: user?.id ?? null,
    status: user ? 'open' : 'pending',
    whatsappId: input.whatsappId ?? before.whatsappId,
    chatbot: false,
  });
  await trackCycle(s.tx, ticket, user ? { startedAt: new Date() } : {});
  // Waiting in the queue: the queue's integration or prompt holds it now (or nobody does).
  if (!user) s.ticket = await enterQueueHolder(s.ctx.deps, s, ticket.id);
  // The attendant it left has a slot free (automatic assignment).
  if (before.userId !== ticket.userId) await freedSlot(s, before);
  const moved = before.queueId !== ticket.queueId || (user !== undefined && before.userId !== user.id);
  if (moved && !ticket.isGroup && settingOn(await readSettingOnce(s.tx, 'sendMsgTransfTicket'))) {
    await queueAutoMessage(s, ticket, transferNotice(queue.name, user?.name));
  }
}
