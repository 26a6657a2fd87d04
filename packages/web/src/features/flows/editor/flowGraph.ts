/**
 * The editor's graph rules (automation §3, §4, §9), kept apart from React so they are tested
 * alone: ids, where a new or duplicated node goes, the single start node, and the graph as the
 * server takes it back.
 */
import type { Edge, Node } from '@xyflow/react';
import {
  FLOW_NODE_ID_LENGTH,
  FLOW_START_ID,
  FLOW_START_POSITION,
  type FlowConnection,
  type FlowNode,
  type FlowNodeData,
  type FlowNodeType,
} from '@balcao/contracts';

/** A node as the canvas holds it: the contract's data under the contract's type. */
export type EditorNode = Node<Record<string, unknown>, FlowNodeType>;
export type EditorEdge = Edge;

export const NEW_NODE_GAP = 40;
export const DUPLICATE_OFFSET = 240;
/** A node not measured yet (just added) counts as this wide. */
const DEFAULT_WIDTH = 220;
export const EDGE_TYPE = 'deletable';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of 30 letters and digits. */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH));
  // 62 symbols: the modulo bias is too small to matter for ids that only need to be unique.
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

const widthOf = (n: EditorNode) => n.measured?.width ?? n.width ?? DEFAULT_WIDTH;

/** The start node, always id "1" at 250,100. */
export function startNode(): EditorNode {
  return {
    id: FLOW_START_ID,
    type: 'start',
    position: { ...FLOW_START_POSITION },
    data: { label: 'Inicio do fluxo' },
    deletable: false,
  };
}

/**
 * A node made in a dialog: 40 px right of the last node, at its height; the start node instead
 * replaces any start there is (one per flow, kept at 250,100 with its connections).
 */
export function addNode<T extends FlowNodeType>(nodes: EditorNode[], type: T, data: FlowNodeData[T]): EditorNode[] {
  if (type === 'start') return [startNode(), ...nodes.filter((n) => n.type !== 'start')];
  const last = nodes.at(-1);
  const position = last
    ? { x: last.position.x + widthOf(last) + NEW_NODE_GAP, y: last.position.y }
    : { ...FLOW_START_POSITION };
  return [...unselect(nodes), { id: newNodeId(), type, position, data: data as Record<string, unknown> }];
}

/** A dialog's edit: the node with that id takes the new data. */
export function replaceNodeData(nodes: EditorNode[], id: string, data: Record<string, unknown>): EditorNode[] {
  return nodes.map((n) => (n.id === id ? { ...n, data } : n));
}

/** A copy at the right of every node (max x + 240), at the last node's height, new id, unselected. */
export function duplicateNode(nodes: EditorNode[], id: string): EditorNode[] {
  const source = nodes.find((n) => n.id === id);
  if (!source || source.type === 'start') return nodes;
  const maxX = Math.max(...nodes.map((n) => n.position.x));
  const copy: EditorNode = {
    id: newNodeId(),
    type: source.type,
    position: { x: maxX + DUPLICATE_OFFSET, y: nodes.at(-1)!.position.y },
    data: structuredClone(source.data),
    selected: false,
  };
  return [...nodes, copy];
}

/** A node and every connection it is the source or target of. */
export function removeNode(nodes: EditorNode[], edges: EditorEdge[], id: string) {
  if (id === FLOW_START_ID) return { nodes, edges };
  return {
    nodes: nodes.filter((n) => n.id !== id),
    edges: edges.filter((e) => e.source !== id && e.target !== id),
  };
}

const unselect = (nodes: EditorNode[]) => nodes.map((n) => (n.selected ? { ...n, selected: false } : n));

/** What the server stored, as the canvas draws it; a flow never saved starts with its start node. */
export function fromSaved(graph: { nodes: FlowNode[]; connections: FlowConnection[] } | null) {
  if (!graph || graph.nodes.length === 0) return { nodes: [startNode()], edges: [] as EditorEdge[] };
  const nodes: EditorNode[] = graph.nodes.map((n) => ({
    id: n.id,
    type: n.type,
    position: { x: n.position.x, y: n.position.y },
    data: n.data as Record<string, unknown>,
    ...(n.type === 'start' ? { deletable: false } : {}),
  }));
  const edges: EditorEdge[] = graph.connections.map((c) => ({
    id: c.id ?? edgeId(c.source, c.sourceHandle ?? null, c.target),
    source: c.source,
    target: c.target,
    sourceHandle: c.sourceHandle ?? null,
    targetHandle: c.targetHandle ?? null,
    type: EDGE_TYPE,
  }));
  return { nodes, edges };
}

export const edgeId = (source: string, sourceHandle: string | null, target: string) =>
  `e-${source}-${sourceHandle ?? 'a'}-${target}`;

/** The graph as `POST /flowbuilder/flow` takes it: the contract's fields only, in the canvas's order. */
export function toSaved(
  nodes: EditorNode[],
  edges: EditorEdge[],
): { nodes: FlowNode[]; connections: FlowConnection[] } {
  return {
    nodes: nodes.map(
      (n) =>
        ({
          id: n.id,
          type: n.type,
          position: { x: Math.round(n.position.x), y: Math.round(n.position.y) },
          data: n.data,
        }) as FlowNode,
    ),
    connections: edges.map((e) => ({
      id: e.id,
      source: e.source,
      target: e.target,
      sourceHandle: e.sourceHandle ?? null,
      targetHandle: e.targetHandle ?? null,
      type: EDGE_TYPE,
    })),
  };
}
