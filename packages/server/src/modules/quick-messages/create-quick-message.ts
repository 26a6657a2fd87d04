import type { QuickMessageBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { pushQuickMessage, quickMessageColumns, toView } from './quick-message-view.js';
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
      pushQuickMessage(events, actor.companyId, 'create', record);
      return record;
    }),
  );
}
