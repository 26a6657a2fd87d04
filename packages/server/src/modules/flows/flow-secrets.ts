import { FLOW_OPENAI_SECRETS, isMaskedSecret, maskSecret, type FlowConnection, type FlowNode } from '@balcao/contracts';
import { invalid } from '../../platform/errors.js';

type Graph = { nodes: FlowNode[]; connections: FlowConnection[] };
type OpenAiNode = Extract<FlowNode, { type: 'openai' }>;
const isOpenAi = (n: FlowNode): n is OpenAiNode => n.type === 'openai';

/** Each openai node's keys through `change` (nodes of other types as they are). */
const mapKeys = (
  nodes: FlowNode[],
  change: (node: OpenAiNode, i: number) => OpenAiNode['data']['typebotIntegration'],
) => nodes.map((n, i) => (isOpenAi(n) ? { ...n, data: { ...n.data, typebotIntegration: change(n, i) } } : n));

/**
 * The graph as answers show it: an openai node's `apiKey` and `voiceKey` masked, as a prompt's
 * (contracts `secrets.ts`). The stored graph keeps them whole: the flow runner reads it.
 */
export function maskedGraph<G extends Graph | null>(graph: G): G {
  if (!graph) return graph;
  const nodes = mapKeys(graph.nodes, ({ data: { typebotIntegration: keys } }) => {
    const shown = { ...keys };
    for (const k of FLOW_OPENAI_SECRETS) if (typeof shown[k] === 'string') shown[k] = maskSecret(shown[k]);
    return shown;
  });
  return { ...graph, nodes };
}

/**
 * The nodes to store from a graph sent back as answers showed it: a masked key keeps the key it
 * masks — the stored node's of the same id, else (a node copied in the editor) the stored key
 * whose mask it is; a new key replaces it, an empty one clears it. A mask naming no stored key is
 * refused (400 naming the field): it is not a key.
 */
export function keptGraphSecrets(nodes: FlowNode[], stored: Graph | null): FlowNode[] {
  const before = (stored?.nodes ?? []).filter(isOpenAi);
  const fields: Record<string, string> = {};
  const kept = mapKeys(nodes, (node, i) => {
    const keys = { ...node.data.typebotIntegration };
    for (const k of FLOW_OPENAI_SECRETS) {
      const sent = keys[k];
      if (sent === undefined || !isMaskedSecret(sent)) continue;
      const same = before.find((b) => b.id === node.id)?.data.typebotIntegration[k];
      const key = same || before.map((b) => b.data.typebotIntegration[k]).find((s) => s && maskSecret(s) === sent);
      if (key) keys[k] = key;
      else fields[`nodes.${i}.data.typebotIntegration.${k}`] = 'masked';
    }
    return keys;
  });
  if (Object.keys(fields).length) throw invalid(fields, 'A masked key names no stored key: type the key itself in');
  return kept;
}
