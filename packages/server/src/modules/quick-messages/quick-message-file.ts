import type { Ctx } from '../../platform/context.js';
import { readStoredFile } from '../../platform/stored-file.js';
import { findReadable } from './quick-message-view.js';

/** `GET /quick-messages/{id}/media`: the attachment, for whoever may read the answer. */
export async function quickMessageFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => findReadable(tx, ctx.actor, id));
  return readStoredFile(ctx.deps.storage, row.mediaPath, row.mediaName);
}
