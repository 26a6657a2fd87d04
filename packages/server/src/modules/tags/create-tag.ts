import type { Tag, TagBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { ensureCompanyUser, loadTag } from './tag-view.js';
import { tagEvents } from './tag-events.js';
import { checkKanban } from './kanban-lanes.js';

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
    events.push(tagEvents.saved(actor.companyId, 'create', tag));
    return tag;
  });
}

wireMatches<Answer<typeof createTag>, Tag>(true);
