import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { flowCampaigns } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/**
 * `DELETE /flowcampaign/{id}` (contacts-page:deleteContact, as the spec shows it): runs it started
 * go on (their `flowCampaignId` set null by the key); only new starts end.
 */
export async function deleteFlowCampaign(ctx: Ctx, id: number): Promise<void> {
  const [row] = await ctx.tenant((tx) =>
    tx.delete(flowCampaigns).where(eq(flowCampaigns.id, id)).returning({ id: flowCampaigns.id }),
  );
  if (!row) throw notFound('flow campaign');
}
