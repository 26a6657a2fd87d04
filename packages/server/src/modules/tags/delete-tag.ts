import { eq } from 'drizzle-orm';
import { can } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { tagEvents } from './tag-events.js';

/**
 * `DELETE /tags/{id}`: the tag and its links to tickets (foreign key cascade). A kanban tag is a
 * lane of the board, so removing one needs `tag-modal:editKanban`, like making one. Only
 * `{action:'delete', tagId}` is published, not one ticket event per ticket that carried it:
 * clients drop the tag from the tickets they hold.
 */
export function deleteTag(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [tag] = await tx.select({ kanban: tags.kanban }).from(tags).where(eq(tags.id, id)).for('update');
    if (!tag) throw notFound('tag');
    if (tag.kanban === 1 && !can(actor, 'tag-modal:editKanban'))
      throw noPermission('Only an admin removes a kanban lane');
    await tx.delete(tags).where(eq(tags.id, id));
    events.push(tagEvents.deleted(actor.companyId, id));
  });
}
