import type { Ctx } from '../../platform/context.js';
import { findEditable } from './quick-message-view.js';
import { quickMessageEvents } from './quick-message-events.js';
import { removeStoredFile, setMedia } from './quick-message-media.js';
import type { QuickMessage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `DELETE /quick-messages/{id}/media-upload`: the answer keeps its text, loses its attachment. */
export async function removeQuickMessageMedia(ctx: Ctx, id: number) {
  const { actor } = ctx;
  const { record, previous } = await ctx.tenant(async (tx, events) => {
    const before = await findEditable(tx, actor, id);
    const record = await setMedia(tx, id, null, null);
    if (before.mediaPath !== null) events.push(...quickMessageEvents.saved(actor.companyId, 'update', record, before));
    return { record, previous: before.mediaPath };
  });
  await removeStoredFile(ctx, previous);
  return record;
}

wireMatches<Answer<typeof removeQuickMessageMedia>, QuickMessage>(true);
