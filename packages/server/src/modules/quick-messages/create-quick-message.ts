import type { QuickMessage, QuickMessageBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { quickMessageColumns, toView } from './quick-message-view.js';
import { quickMessageEvents } from './quick-message-events.js';
import { unlessDuplicate } from './quick-message-shortcode.js';

/** `POST /quick-messages`: an answer of the caller's. */
export function createQuickMessage(ctx: Ctx, input: QuickMessageBody) {
  const { actor } = ctx;
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const [row] = await tx
        .insert(quickMessages)
        .values({ companyId: actor.companyId, userId: actor.userId, ...input })
        .returning(quickMessageColumns);
      const record = toView(row!);
      events.push(...quickMessageEvents.saved(actor.companyId, 'create', record));
      return record;
    }),
  );
}

wireMatches<Answer<typeof createQuickMessage>, QuickMessage>(true);
