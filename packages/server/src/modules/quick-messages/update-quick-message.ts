import { eq } from 'drizzle-orm';
import type { QuickMessage, QuickMessageUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { findEditable, quickMessageColumns, toView } from './quick-message-view.js';
import { quickMessageEvents } from './quick-message-events.js';
import { unlessDuplicate } from './quick-message-shortcode.js';

/**
 * `PUT /quick-messages/{id}` by its owner or an admin (the owner stays; the shortcode must stay
 * unique among the owner's answers). Only the fields given change.
 */
export function updateQuickMessage(ctx: Ctx, id: number, input: QuickMessageUpdateBody) {
  const { actor } = ctx;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const before = await findEditable(tx, actor, id);
      const [row] = await tx
        .update(quickMessages)
        .set({
          ...(input.shortcode !== undefined && { shortcode: input.shortcode }),
          ...(input.message !== undefined && { message: input.message }),
          ...(input.geral !== undefined && { geral: input.geral }),
          ...(input.status !== undefined && { status: input.status }),
          updatedAt: new Date(),
        })
        .where(eq(quickMessages.id, id))
        .returning(quickMessageColumns);
      const record = toView(row!);
      events.push(...quickMessageEvents.saved(actor.companyId, 'update', record, before));
      return record;
    }),
  );
}

wireMatches<Answer<typeof updateQuickMessage>, QuickMessage>(true);
