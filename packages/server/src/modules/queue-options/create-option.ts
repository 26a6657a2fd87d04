import { eq } from 'drizzle-orm';
import type { QueueOptionBody, QueueOptionNode } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { queueOptions } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { optionColumns } from './option-view.js';
import { lockQueue, siblings } from './lock-queue.js';
import { assertFreeNumber } from './option-number.js';

/** `POST /queue-options` (admins): an option under its parent, numbered next unless given. */
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

wireMatches<Answer<typeof createOption>, QueueOptionNode>(true);
