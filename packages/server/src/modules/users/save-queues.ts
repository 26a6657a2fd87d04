import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queues, userQueues } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';

/**
 * Replaces a user's queues. Ids are checked inside the tenant scope first: a foreign key alone
 * would accept another company's queue.
 */
export async function replaceUserQueues(tx: Tx, companyId: number, userId: number, queueIds: number[]) {
  const wanted = [...new Set(queueIds)];
  if (wanted.length > 0) {
    const found = await tx.select({ id: queues.id }).from(queues).where(inArray(queues.id, wanted));
    if (found.length !== wanted.length) throw invalid({ queueIds: 'notFound' }, 'Unknown queue');
  }
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (wanted.length > 0) {
    await tx.insert(userQueues).values(wanted.map((queueId) => ({ companyId, userId, queueId })));
  }
}
