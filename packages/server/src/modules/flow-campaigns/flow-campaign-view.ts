import { eq } from 'drizzle-orm';
import type { FlowCampaign } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { flowCampaigns } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

/** A flow campaign as the API shows it. */
export const flowCampaignColumns = {
  id: flowCampaigns.id,
  name: flowCampaigns.name,
  flowId: flowCampaigns.flowId,
  whatsappId: flowCampaigns.whatsappId,
  phrase: flowCampaigns.phrase,
  status: flowCampaigns.status,
  companyId: flowCampaigns.companyId,
  createdAt: flowCampaigns.createdAt,
  updatedAt: flowCampaigns.updatedAt,
};
export type FlowCampaignView = Pick<typeof flowCampaigns.$inferSelect, keyof typeof flowCampaignColumns>;

/** One flow campaign of the caller's company (row-level security hides the others), else 404. */
export async function loadFlowCampaign(tx: Tx, id: number): Promise<FlowCampaignView> {
  const [row] = await tx.select(flowCampaignColumns).from(flowCampaigns).where(eq(flowCampaigns.id, id));
  if (!row) throw notFound('flow campaign');
  return row;
}

wireMatches<FlowCampaignView, FlowCampaign>(true);
