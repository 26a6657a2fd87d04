import { eq } from 'drizzle-orm';
import type { CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { ensureFullyEditable } from './campaign-rules.js';
import { attachmentShared, removeCampaignFile } from './campaign-media.js';

/** `DELETE /campaigns/{id}/media-upload`: the campaign loses its attachment (while the whole form may change). */
export async function removeCampaignMedia(ctx: Ctx, id: number) {
  const { actor } = ctx;
  const { campaign, previous } = await ctx.tenant(async (tx, events) => {
    const before = await lockCampaign(tx, id);
    ensureFullyEditable(before);
    if (before.mediaPath === null) return { campaign: await loadCampaignDetail(tx, id), previous: null };
    await tx
      .update(campaigns)
      .set({ mediaPath: null, mediaName: null, updatedAt: new Date() })
      .where(eq(campaigns.id, id));
    const campaign = await loadCampaignDetail(tx, id);
    events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
    return { campaign, previous: (await attachmentShared(tx, id)) ? null : before.mediaPath };
  });
  await removeCampaignFile(ctx, previous);
  return campaign;
}

wireMatches<Answer<typeof removeCampaignMedia>, CampaignDetail>(true);
