import { eq } from 'drizzle-orm';
import type { FlowGraphBody, FlowWithGraph } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFlowWithGraph, withGraph } from './flow-view.js';
import { checkGraphRefs } from './graph-refs.js';
import { keptGraphSecrets } from './flow-secrets.js';

/**
 * `POST /flowbuilder/flow {idFlow, nodes, connections}`: replaces the flow's graph whole. The
 * graph's own rules were checked by the body's schema (`flowGraphBody`); here, under the flow's row
 * lock, what it names in the company (checkGraphRefs). `idFlow` names the flow acted on: another
 * company's answers 404. An openai node's key sent back masked keeps the stored key (flow-secrets.ts).
 */
export function saveFlowGraph(ctx: Ctx, input: FlowGraphBody) {
  return ctx.tenant(async (tx) => {
    const before = await loadFlowWithGraph(tx, input.idFlow, true);
    await checkGraphRefs(tx, input.nodes);
    const nodes = keptGraphSecrets(input.nodes, before.graph);
    await tx
      .update(flows)
      .set({ graph: { nodes, connections: input.connections }, updatedAt: new Date() })
      .where(eq(flows.id, input.idFlow));
    return withGraph(await loadFlowWithGraph(tx, input.idFlow));
  });
}

wireMatches<Answer<typeof saveFlowGraph>, FlowWithGraph>(true);
