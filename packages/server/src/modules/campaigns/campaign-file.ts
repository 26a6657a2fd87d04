import type { Ctx } from '../../platform/context.js';
import { readStoredFile } from '../../platform/stored-file.js';
import { loadCampaign } from './campaign-view.js';

/** `GET /campaigns/{id}/media`: the attachment, for anyone of the company. */
export async function campaignFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => loadCampaign(tx, id));
  return readStoredFile(ctx.deps.storage, row.mediaPath, row.mediaName);
}
