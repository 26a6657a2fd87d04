import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { flowRuns, flows } from '../../db/schema/index.js';
import { loadFlowWithGraph } from './flow-view.js';

/**
 * `DELETE /flowbuilder/{id}`: the flow and its flow campaigns (foreign key cascade). Its live runs
 * stop in the same transaction (`stopped`, `end_reason` flowDeleted; the row stays, `flowId` set null by the key), so no ticket is
 * left waiting on a flow that is gone. Its files stay: a duplicate may name the same ones.
 */
export async function deleteFlow(ctx: Ctx, id: number): Promise<void> {
  await ctx.tenant(async (tx) => {
    await loadFlowWithGraph(tx, id, true);
    const now = new Date();
    await tx
      .update(flowRuns)
      .set({
        status: 'stopped',
        endReason: 'flowDeleted',
        waiting: null,
        waitUntil: null,
        blockAt: null,
        endedAt: now,
        updatedAt: now,
      })
      .where(and(eq(flowRuns.flowId, id), inArray(flowRuns.status, ['running', 'waiting'])));
    await tx.delete(flows).where(eq(flows.id, id));
  });
}
