import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queues, userQueues } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';

/** Replaces a user's queues (ids checked in the tenant scope first). */
export async function replaceUserQueues(tx: Tx, companyId: number, userId: number, queueIds: number[]) {
  const wanted = await ownRows(tx, queues, queueIds, 'queueIds');
  await tx.delete(userQueues).where(eq(userQueues.userId, userId));
  if (wanted.length > 0) {
    await tx.insert(userQueues).values(wanted.map((queueId) => ({ companyId, userId, queueId })));
  }
}
