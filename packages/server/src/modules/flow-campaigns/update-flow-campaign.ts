import { eq } from 'drizzle-orm';
import type { FlowCampaign, FlowCampaignUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flowCampaigns } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowCampaignColumns, loadFlowCampaign } from './flow-campaign-view.js';
import { checkFlowCampaignRefs } from './flow-campaign-refs.js';

/**
 * `PUT /flowcampaign {id, name, flowId, whatsappId, phrase, status}`: the whole campaign. `id` names
 * the campaign acted on (another company's: 404, as in a path); `flowId` and `whatsappId` are
 * checked in the company (400 naming them).
 */
export function updateFlowCampaign(ctx: Ctx, input: FlowCampaignUpdateBody) {
  return ctx.tenant(async (tx) => {
    await loadFlowCampaign(tx, input.id);
    await checkFlowCampaignRefs(tx, input);
    const [row] = await tx
      .update(flowCampaigns)
      .set({
        name: input.name,
        flowId: input.flowId,
        whatsappId: input.whatsappId,
        phrase: input.phrase,
        status: input.status,
        updatedAt: new Date(),
      })
      .where(eq(flowCampaigns.id, input.id))
      .returning(flowCampaignColumns);
    return row!;
  });
}

wireMatches<Answer<typeof updateFlowCampaign>, FlowCampaign>(true);
