import { eq } from 'drizzle-orm';
import type { QueueOptionBody, QueueOptionUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { queueOptions } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { loadOption, optionColumns } from './option-view.js';
import { lockQueue, siblings } from './lock-queue.js';

/** Two siblings with one number would leave the customer's answer ambiguous. */
function assertFreeNumber(others: { id: number; option: string }[], option: string, self?: number) {
  if (others.some((o) => o.option === option && o.id !== self)) {
    throw invalid({ option: 'duplicated' }, 'Another option at this level has this number');
  }
}

export function createOption(ctx: Ctx, input: QueueOptionBody) {
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx) => {
    await lockQueue(tx, input.queueId);
    if (input.parentId !== null) {
      const [parent] = await tx
        .select({ queueId: queueOptions.queueId })
        .from(queueOptions)
        .where(eq(queueOptions.id, input.parentId));
      if (parent?.queueId !== input.queueId)
        throw invalid({ parentId: 'notFound' }, 'The parent is not an option of this queue');
    }
    const others = await siblings(tx, input.queueId, input.parentId);
    const next = Math.max(0, ...others.map((o) => Number(o.option) || 0)) + 1;
    const option = input.option ?? String(next);
    assertFreeNumber(others, option);
    const [row] = await tx
      .insert(queueOptions)
      .values({
        companyId,
        queueId: input.queueId,
        parentId: input.parentId,
        title: input.title,
        message: input.message,
        option,
      })
      .returning(optionColumns);
    return { ...row!, children: [] };
  });
}

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
