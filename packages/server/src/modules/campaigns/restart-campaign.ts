import { eq, sql } from 'drizzle-orm';
import type { CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail, lockCampaign } from './campaign-view.js';
import { campaignEvents } from './campaign-events.js';
import { makeShipping } from './make-shipping.js';

/**
 * `POST /campaigns/{id}/restart`: CANCELADA → EM_ANDAMENTO (else 409 ERR_CAMPAIGN_STATE). Its
 * shipping rows are made again (those there stay; new list members join), and the runner goes on
 * with the ones not sent.
 */
export function restartCampaign(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const before = await lockCampaign(tx, id);
    if (before.status !== 'CANCELADA')
      throw new AppError('ERR_CAMPAIGN_STATE', 'Only a cancelled campaign can be restarted');
    await makeShipping(tx, before);
    await tx
      .update(campaigns)
      .set({ status: 'EM_ANDAMENTO', nextSendAt: sql`now()`, completedAt: null, updatedAt: sql`now()` })
      .where(eq(campaigns.id, id));
    const campaign = await loadCampaignDetail(tx, id);
    events.push(campaignEvents.saved(actor.companyId, 'update', campaign));
    return campaign;
  });
}

wireMatches<Answer<typeof restartCampaign>, CampaignDetail>(true);
