/**
 * The editor's graph rules (automation §3, §4, §9), kept apart from React so they are tested
 * alone: ids, where a new or duplicated node goes, the single start node, the nodes nothing leads
 * to, and the graph as the server takes it back.
 */
import type { Edge, Node, XYPosition } from '@xyflow/react';
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
/** A node not measured yet (just added) counts as this big. */
const DEFAULT_WIDTH = 220;
const DEFAULT_HEIGHT = 90;
export const EDGE_TYPE = 'deletable';

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id of 30 letters and digits. */
export function newNodeId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(FLOW_NODE_ID_LENGTH));
  // 62 symbols: the modulo bias is too small to matter for ids that only need to be unique.
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

const widthOf = (n: EditorNode) => n.measured?.width ?? n.width ?? DEFAULT_WIDTH;
/**
 * A node's height as placement counts it: measured, but at least what its type usually grows to
 * (a picture or video preview loads after the node is drawn, and grows it).
 */
const TYPICAL_HEIGHT: Partial<Record<FlowNodeType, number>> = { img: 240, video: 240, audio: 130, singleBlock: 200 };
const typicalHeight = (type: FlowNodeType) => TYPICAL_HEIGHT[type] ?? DEFAULT_HEIGHT;
const heightOf = (n: EditorNode) => Math.max(n.measured?.height ?? n.height ?? 0, typicalHeight(n.type));

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
 * A node made in a dialog goes where the person is looking: at `centre` (the visible canvas's
 * middle, in flow coordinates) or the nearest free spot around it (issue 35; the spec's "right of
 * the last node" put it off-screen). The start node instead replaces any start there is (one per
 * flow, kept at 250,100 with its connections).
 */
export function addNode<T extends FlowNodeType>(
  nodes: EditorNode[],
  type: T,
  data: FlowNodeData[T],
  centre: XYPosition = FLOW_START_POSITION,
): EditorNode[] {
  if (type === 'start') return [startNode(), ...nodes.filter((n) => n.type !== 'start')];
  const height = typicalHeight(type);
  const position = freeSpot(nodes, { x: centre.x - DEFAULT_WIDTH / 2, y: centre.y - height / 2 }, height);
  return [...unselect(nodes), { id: newNodeId(), type, position, data: data as Record<string, unknown> }];
}

/**
 * The top-left corner nearest `wanted` where a new node's box (with a gap around it) overlaps
 * no node: rings of candidate spots around `wanted`, nearest first.
 */
export function freeSpot(nodes: EditorNode[], wanted: XYPosition, height = DEFAULT_HEIGHT): XYPosition {
  const stepX = DEFAULT_WIDTH + NEW_NODE_GAP;
  const stepY = DEFAULT_HEIGHT + NEW_NODE_GAP;
  const free = (p: XYPosition) =>
    nodes.every((n) => {
      const w = widthOf(n);
      const h = heightOf(n);
      return (
        p.x + DEFAULT_WIDTH + NEW_NODE_GAP / 2 <= n.position.x ||
        n.position.x + w + NEW_NODE_GAP / 2 <= p.x ||
        p.y + height + NEW_NODE_GAP / 2 <= n.position.y ||
        n.position.y + h + NEW_NODE_GAP / 2 <= p.y
      );
    });
  for (let ring = 0; ring <= 12; ring++) {
    const spots: XYPosition[] = [];
    for (let dx = -ring; dx <= ring; dx++)
      for (let dy = -ring; dy <= ring; dy++)
        if (Math.max(Math.abs(dx), Math.abs(dy)) === ring)
          spots.push({ x: wanted.x + dx * stepX, y: wanted.y + dy * stepY });
    spots.sort((a, b) => Math.hypot(a.x - wanted.x, a.y - wanted.y) - Math.hypot(b.x - wanted.x, b.y - wanted.y));
    const spot = spots.find(free);
    if (spot) return { x: Math.round(spot.x), y: Math.round(spot.y) };
  }
  return { x: Math.round(wanted.x), y: Math.round(wanted.y) };
}

/** A dialog's edit: the node with that id takes the new data. */
export function replaceNodeData(nodes: EditorNode[], id: string, data: Record<string, unknown>): EditorNode[] {
  return nodes.map((n) => (n.id === id ? { ...n, data } : n));
}

/** A copy beside the node (the nearest free spot to its lower right), new id, unselected. */
export function duplicateNode(nodes: EditorNode[], id: string): EditorNode[] {
  const source = nodes.find((n) => n.id === id);
  if (!source || source.type === 'start') return nodes;
  const copy: EditorNode = {
    id: newNodeId(),
    type: source.type,
    position: freeSpot(
      nodes,
      { x: source.position.x + NEW_NODE_GAP, y: source.position.y + NEW_NODE_GAP },
      heightOf(source),
    ),
    data: structuredClone(source.data),
    selected: false,
  };
  return [...unselect(nodes), copy];
}

/**
 * Nodes no connection leads into (the start aside): they can never run. Saving them is allowed
 * (a drawing in progress), but the editor names them.
 */
export function unconnectedNodes(nodes: EditorNode[], edges: EditorEdge[]): EditorNode[] {
  const reached = new Set(edges.map((e) => e.target));
  return nodes.filter((n) => n.type !== 'start' && !reached.has(n.id));
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
