import { eq } from 'drizzle-orm';
import type { Tag, TagUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { ensureCompanyUser, loadTag } from './tag-view.js';
import { tagEvents } from './tag-events.js';
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
    events.push(tagEvents.saved(actor.companyId, 'update', tag));
    return tag;
  });
}

wireMatches<Answer<typeof updateTag>, Tag>(true);
