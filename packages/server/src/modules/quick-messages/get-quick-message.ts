import type { Ctx } from '../../platform/context.js';
import { findReadable, toView } from './quick-message-view.js';
import type { QuickMessage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /quick-messages/{id}`: an answer the caller may read (the owner's, a shared one, any for admins). */
export async function getQuickMessage(ctx: Ctx, id: number) {
  return toView(await ctx.tenant((tx) => findReadable(tx, ctx.actor, id)));
}

wireMatches<Answer<typeof getQuickMessage>, QuickMessage>(true);
