import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queueOptions, queues } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/** Another company's queue is not found (404), here as everywhere. */
async function findQueue(tx: Tx, queueId: number, lock: boolean) {
  const query = tx.select({ id: queues.id }).from(queues).where(eq(queues.id, queueId));
  const [queue] = await (lock ? query.for('no key update') : query);
  if (!queue) throw notFound('queue');
}

export const assertQueue = (tx: Tx, queueId: number) => findQueue(tx, queueId, false);

/**
 * Every option write takes its queue's row first, so numbering and renumbering are decided one
 * writer at a time per queue (`no key update`: users and connections may still link to it).
 */
export const lockQueue = (tx: Tx, queueId: number) => findQueue(tx, queueId, true);

/** The options sharing a parent (null: the top level) in one queue. */
export function siblings(tx: Tx, queueId: number, parentId: number | null) {
  return tx
    .select({ id: queueOptions.id, option: queueOptions.option })
    .from(queueOptions)
    .where(
      and(
        eq(queueOptions.queueId, queueId),
        parentId === null ? isNull(queueOptions.parentId) : eq(queueOptions.parentId, parentId),
      ),
    );
}
