import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';
import { findReadable } from './quick-message-view.js';

/** `GET /quick-messages/{id}/media`: the attachment, for whoever may read the answer. */
export async function quickMessageFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => findReadable(tx, ctx.actor, id));
  if (!row.mediaPath) throw notFound('media');
  return {
    key: row.mediaPath,
    data: await ctx.deps.storage.get(row.mediaPath).catch((err: unknown) => {
      throw err instanceof MissingObject ? notFound('media') : err;
    }),
    name: row.mediaName ?? 'file',
  };
}
