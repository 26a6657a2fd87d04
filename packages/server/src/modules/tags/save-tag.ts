import { eq } from 'drizzle-orm';
import { can, type TagBody, type TagUpdateBody } from '@balcao/contracts';
import type { Actor, Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { ensureCompanyUser, loadTag, pushTag } from './tag-view.js';

/**
 * Kanban lanes are the admins' (operations §2: the switch shows to admins only). A caller without
 * `tag-modal:editKanban` may not make a tag a lane nor stop it being one; sending back the value
 * the tag already has is not a change (forms send back what they were shown).
 */
function checkKanban(actor: Actor, wanted: number | undefined, current: number) {
  if (wanted !== undefined && wanted !== current && !can(actor, 'tag-modal:editKanban'))
    throw noPermission('Only an admin decides which tags are kanban lanes');
}

/** `POST /tags`: a tag of the caller's company, for the caller unless `userId` names another user. */
export function createTag(ctx: Ctx, input: TagBody) {
  const { actor } = ctx;
  checkKanban(actor, input.kanban, 0);
  return ctx.tenant(async (tx, events) => {
    if (input.userId) await ensureCompanyUser(tx, input.userId);
    const [row] = await tx
      .insert(tags)
      .values({
        companyId: actor.companyId,
        name: input.name,
        ...(input.color !== undefined && { color: input.color }),
        kanban: input.kanban,
        userId: input.userId === undefined ? actor.userId : input.userId,
      })
      .returning({ id: tags.id });
    const tag = (await loadTag(tx, row!.id))!;
    pushTag(events, actor.companyId, 'create', tag);
    return tag;
  });
}

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
