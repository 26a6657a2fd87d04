import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';
import { loadCampaign } from './campaign-view.js';

/** `GET /campaigns/{id}/media`: the attachment, for anyone of the company. */
export async function campaignFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => loadCampaign(tx, id));
  if (!row.mediaPath) throw notFound('media');
  return {
    key: row.mediaPath,
    data: await ctx.deps.storage.get(row.mediaPath).catch((err: unknown) => {
      throw err instanceof MissingObject ? notFound('media') : err;
    }),
    name: row.mediaName ?? 'file',
  };
}
