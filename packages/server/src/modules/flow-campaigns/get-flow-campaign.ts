import type { FlowCampaignDetails } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFlowCampaign } from './flow-campaign-view.js';

/** `GET /flowcampaign/{id}` → `{details}` (another company's answers 404). */
export async function getFlowCampaign(ctx: Ctx, id: number) {
  return { details: await ctx.tenant((tx) => loadFlowCampaign(tx, id)) };
}

wireMatches<Answer<typeof getFlowCampaign>, FlowCampaignDetails>(true);
