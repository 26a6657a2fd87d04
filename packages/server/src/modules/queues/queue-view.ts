import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queues } from '../../db/schema/index.js';
import type { Queue } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';

/** A queue as the API shows it (automation §3); its users are read from the users side. */
export const queueColumns = {
  id: queues.id,
  companyId: queues.companyId,
  name: queues.name,
  color: queues.color,
  orderQueue: queues.orderQueue,
  greetingMessage: queues.greetingMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  schedules: queues.schedules,
  integrationId: queues.integrationId,
  promptId: queues.promptId,
  autoAssign: queues.autoAssign,
  createdAt: queues.createdAt,
  updatedAt: queues.updatedAt,
};

/** One queue of the caller's company (row-level security hides the others), or undefined. */
export async function loadQueue(tx: Tx, id: number) {
  const [row] = await tx.select(queueColumns).from(queues).where(eq(queues.id, id));
  return row;
}

export type QueueView = NonNullable<Awaited<ReturnType<typeof loadQueue>>>;

wireMatches<QueueView, Queue>(true);
