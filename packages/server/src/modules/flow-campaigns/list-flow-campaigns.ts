import { asc } from 'drizzle-orm';
import type { FlowCampaignList } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flowCampaigns } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowCampaignColumns } from './flow-campaign-view.js';

/** `GET /flowcampaign` → `{flow: [...]}`: every flow campaign of the company, by name (the spec's page has no paging). */
export function listFlowCampaigns(ctx: Ctx) {
  return ctx.tenant(async (tx) => ({
    flow: await tx
      .select(flowCampaignColumns)
      .from(flowCampaigns)
      .orderBy(asc(flowCampaigns.name), asc(flowCampaigns.id)),
  }));
}

wireMatches<Answer<typeof listFlowCampaigns>, FlowCampaignList>(true);
