import { eq, sql } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { queueOptions } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { lockQueue } from './lock-queue.js';

/**
 * Deletes an option with its whole subtree, then numbers the remaining siblings 1..n in their
 * current order, all in one transaction: the menu never shows a gap ("1", "3") to a customer.
 */
export function deleteOption(ctx: Ctx, id: number) {
  return ctx.tenant(async (tx) => {
    const [option] = await tx
      .select({ queueId: queueOptions.queueId, parentId: queueOptions.parentId })
      .from(queueOptions)
      .where(eq(queueOptions.id, id));
    if (!option) throw notFound('queue option');
    const { queueId, parentId } = option;
    await lockQueue(tx, queueId);
    // UNION (not ALL) stops at a row already met, should a hand-made cycle exist.
    await tx.execute(sql`
      with recursive subtree as (
        select id from queue_options where id = ${id}
        union
        select o.id from queue_options o join subtree s on o.parent_id = s.id where o.queue_id = ${queueId}
      )
      delete from queue_options where id in (select id from subtree)`);
    await tx.execute(sql`
      update queue_options o set option = r.n::text, updated_at = now()
      from (
        select id, row_number() over (
          order by case when option ~ '^[0-9]{1,9}$' then option::int end nulls last, id
        ) as n
        from queue_options
        where queue_id = ${queueId} and parent_id is not distinct from ${parentId}
      ) r
      where o.id = r.id and o.option <> r.n::text`);
  });
}
