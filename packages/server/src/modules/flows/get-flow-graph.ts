import type { FlowWithGraph } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFlowWithGraph, withGraph } from './flow-view.js';

/** `GET /flowbuilder/flow/{id}` → `{flow: {…, flow: {nodes, connections} | null}}` (null until first saved). */
export async function getFlowGraph(ctx: Ctx, id: number) {
  return withGraph(await ctx.tenant((tx) => loadFlowWithGraph(tx, id)));
}

wireMatches<Answer<typeof getFlowGraph>, FlowWithGraph>(true);
