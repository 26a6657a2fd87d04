import type { Ctx } from '../../platform/context.js';
import { findEditable, pushQuickMessage } from './quick-message-view.js';
import { removeStoredFile, setMedia } from './quick-message-media.js';

/** `DELETE /quick-messages/{id}/media-upload`: the answer keeps its text, loses its attachment. */
export async function removeQuickMessageMedia(ctx: Ctx, id: number) {
  const { actor } = ctx;
  const { record, previous } = await ctx.tenant(async (tx, events) => {
    const before = await findEditable(tx, actor, id);
    const record = await setMedia(tx, id, null, null);
    if (before.mediaPath !== null) pushQuickMessage(events, actor.companyId, 'update', record, before);
    return { record, previous: before.mediaPath };
  });
  await removeStoredFile(ctx, previous);
  return record;
}
