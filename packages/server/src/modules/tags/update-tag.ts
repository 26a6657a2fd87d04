import { eq } from 'drizzle-orm';
import type { TagUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { ensureCompanyUser, loadTag, pushTag } from './tag-view.js';
import { checkKanban } from './kanban-lanes.js';

/** `PUT /tags/{id}`: only the fields given change. */
export function updateTag(ctx: Ctx, id: number, input: TagUpdateBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [current] = await tx.select({ kanban: tags.kanban }).from(tags).where(eq(tags.id, id)).for('update');
    if (!current) throw notFound('tag');
    checkKanban(actor, input.kanban, current.kanban);
    if (input.userId) await ensureCompanyUser(tx, input.userId);
    await tx
      .update(tags)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.color !== undefined && { color: input.color }),
        ...(input.kanban !== undefined && { kanban: input.kanban }),
        ...(input.userId !== undefined && { userId: input.userId }),
        updatedAt: new Date(),
      })
      .where(eq(tags.id, id));
    const tag = (await loadTag(tx, id))!;
    pushTag(events, actor.companyId, 'update', tag);
    return tag;
  });
}
