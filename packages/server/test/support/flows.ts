/**
 * Flows written straight to the database for the engine's tests (the flow API is tested on its
 * own): a graph made of `node(id, type, data)` and `edge(source, target, handle)`, the flow, its
 * campaign, and a file as the flow API stores it (storage + flow_media).
 */
import type { FlowConnection, FlowNode, FlowNodeData, FlowNodeType } from '@balcao/contracts';
import { flowCampaigns, flowMedia, flows } from '../../src/db/schema/index.js';
import type { TestApp } from './app.js';
import { scoped } from './inbox.js';

export const node = <T extends FlowNodeType>(id: string, type: T, data: FlowNodeData[T]): FlowNode =>
  ({ id, type, data, position: { x: 0, y: 0 } }) as FlowNode;

export const edge = (source: string, target: string, sourceHandle: string | null = null): FlowConnection => ({
  source,
  target,
  sourceHandle,
});

export async function insertFlow(
  t: TestApp,
  companyId: number,
  graph: { nodes: FlowNode[]; connections: FlowConnection[] },
  opts: { active?: boolean } = {},
) {
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(flows)
      .values({ companyId, name: `Fluxo ${Date.now()}`, graph, active: opts.active ?? true })
      .returning(),
  );
  return row!;
}

export async function insertFlowCampaign(
  t: TestApp,
  companyId: number,
  values: { flowId: number; whatsappId: number; phrase: string; status?: boolean },
) {
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(flowCampaigns)
      .values({ companyId, name: `Campanha ${values.phrase}`, status: true, ...values })
      .returning(),
  );
  return row!;
}

/** A file uploaded through the flow API: stored, and recorded as the company's flow media. */
export async function insertFlowMedia(t: TestApp, companyId: number, data: Buffer, mimetype: string, fileName: string) {
  const ext = fileName.split('.').pop()!;
  const key = await t.running.deps.storage.put(companyId, data, ext);
  await scoped(t, companyId, (tx) => tx.insert(flowMedia).values({ companyId, key, mimetype, fileName }));
  return key;
}
