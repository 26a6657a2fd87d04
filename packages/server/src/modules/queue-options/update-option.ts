import { eq } from 'drizzle-orm';
import type { QueueOptionNode, QueueOptionUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { queueOptions } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { loadOption } from './option-view.js';
import { lockQueue, siblings } from './lock-queue.js';
import { assertFreeNumber } from './option-number.js';

/** `PUT /queue-options/{id}` (admins): title, message or number; the number stays free among siblings. */
export function updateOption(ctx: Ctx, id: number, input: QueueOptionUpdateBody) {
  return ctx.tenant(async (tx) => {
    const [before] = await tx
      .select({ queueId: queueOptions.queueId, parentId: queueOptions.parentId })
      .from(queueOptions)
      .where(eq(queueOptions.id, id));
    if (!before) throw notFound('queue option');
    await lockQueue(tx, before.queueId);
    if (input.option !== undefined)
      assertFreeNumber(await siblings(tx, before.queueId, before.parentId), input.option, id);
    await tx
      .update(queueOptions)
      .set({ title: input.title, message: input.message, option: input.option, updatedAt: new Date() })
      .where(eq(queueOptions.id, id));
    return (await loadOption(tx, id))!;
  });
}

wireMatches<Answer<typeof updateOption>, QueueOptionNode>(true);
