import type { FlowCampaign, FlowCampaignBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flowCampaigns } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowCampaignColumns } from './flow-campaign-view.js';
import { checkFlowCampaignRefs } from './flow-campaign-refs.js';

/** `POST /flowcampaign {name, flowId, whatsappId, phrase}`: active from the start (the spec's dialog sets the status on edit). */
export function createFlowCampaign(ctx: Ctx, input: FlowCampaignBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    await checkFlowCampaignRefs(tx, input);
    const [row] = await tx
      .insert(flowCampaigns)
      .values({
        companyId: actor.companyId,
        userId: actor.userId,
        name: input.name,
        flowId: input.flowId,
        whatsappId: input.whatsappId,
        phrase: input.phrase,
      })
      .returning(flowCampaignColumns);
    return row!;
  });
}

wireMatches<Answer<typeof createFlowCampaign>, FlowCampaign>(true);
