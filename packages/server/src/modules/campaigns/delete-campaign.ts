import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { attachmentShared, removeCampaignFile } from './campaign-media.js';
import { withdrawQueued } from './withdraw-queued.js';

/**
 * `DELETE /campaigns/{id}`, whatever its status: a running one stops (its messages not yet on
 * their way are taken back, as by cancel); sent messages stay in the conversations. The
 * attachment leaves storage after commit unless a sent message shares it.
 */
export async function deleteCampaign(ctx: Ctx, id: number): Promise<void> {
  const { actor } = ctx;
  const orphan = await ctx.tenant(async (tx, events) => {
    const row = await lockCampaign(tx, id);
    await withdrawQueued(tx, id);
    const shared = await attachmentShared(tx, id);
    await tx.delete(campaigns).where(eq(campaigns.id, id));
    events.push(campaignEvents.deleted(actor.companyId, id));
    return shared ? null : row.mediaPath;
  });
  await removeCampaignFile(ctx, orphan);
}
