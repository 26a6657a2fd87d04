import { eq, sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.js';
import type { CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { withdrawQueued } from './withdraw-queued.js';

/**
 * `POST /campaigns/{id}/cancel`: EM_ANDAMENTO → CANCELADA (else 409 ERR_CAMPAIGN_STATE). The row
 * lock waits for a runner's dispatch under way; what it queued and has not begun to leave is
 * taken back (withdraw-queued.ts), so a restart sends it, once.
 */
export function cancelCampaign(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== 'EM_ANDAMENTO')
      throw new AppError('ERR_CAMPAIGN_STATE', 'Only a campaign in progress can be cancelled');
    await withdrawQueued(tx, id);
    await tx
      .update(campaigns)
      .set({ status: 'CANCELADA', nextSendAt: null, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    const campaign = await loadCampaignDetail(tx, id);
    events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
    return campaign;
  });
}

wireMatches<Answer<typeof cancelCampaign>, CampaignDetail>(true);
