import { eq } from 'drizzle-orm';
import type { Flow, FlowWithGraph } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { flows } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';
import { maskedGraph } from './flow-secrets.js';

/** A flow as the list shows it (the graph only where asked for). */
export const flowColumns = {
  id: flows.id,
  name: flows.name,
  active: flows.active,
  userId: flows.userId,
  companyId: flows.companyId,
  createdAt: flows.createdAt,
  updatedAt: flows.updatedAt,
};
export type FlowView = Pick<typeof flows.$inferSelect, keyof typeof flowColumns>;

/** One flow of the caller's company (row-level security hides the others), else 404. */
export async function loadFlow(tx: Tx, id: number): Promise<FlowView> {
  const [row] = await tx.select(flowColumns).from(flows).where(eq(flows.id, id));
  if (!row) throw notFound('flow');
  return row;
}

/** The flow with its graph, locked for a change when `lock` (a save, a delete), else 404. */
export async function loadFlowWithGraph(tx: Tx, id: number, lock = false) {
  const query = tx
    .select({ ...flowColumns, graph: flows.graph })
    .from(flows)
    .where(eq(flows.id, id));
  const [row] = await (lock ? query.for('update') : query);
  if (!row) throw notFound('flow');
  return row;
}

/**
 * `{flow: {…, flow: {nodes, connections} | null}}`: the spec's web reads the graph as `flow.flow`.
 * Its openai nodes' keys masked (flow-secrets.ts).
 */
export const withGraph = ({ graph, ...flow }: Awaited<ReturnType<typeof loadFlowWithGraph>>) => ({
  flow: { ...flow, flow: maskedGraph(graph) },
});

wireMatches<FlowView, Flow>(true);
wireMatches<ReturnType<typeof withGraph>, FlowWithGraph>(true);
