import { FLOW_START_ID, type FlowConnection, type FlowNode } from '@balcao/contracts';

/** A saved graph as `flows.graph` holds it. */
export interface SavedGraph {
  nodes: FlowNode[];
  connections: FlowConnection[];
}

/**
 * A flow's graph read for walking: nodes by id and where each node leaves by each handle. A node
 * with a single way out leaves by no handle or `a` (the editor writes either); a menu's option n
 * by `a{n}`; a condition or a randomizer by `a` or `b` (contracts, `sourceHandlesOf`).
 */
export class FlowGraph {
  private readonly byId = new Map<string, FlowNode>();
  private readonly exits = new Map<string, string>();

  constructor(graph: SavedGraph) {
    for (const node of graph.nodes) this.byId.set(node.id, node);
    for (const c of graph.connections) this.exits.set(exitKey(c.source, c.sourceHandle ?? null), c.target);
  }

  node(id: string | null): FlowNode | undefined {
    return id === null ? undefined : this.byId.get(id);
  }

  start(): FlowNode | undefined {
    const start = this.byId.get(FLOW_START_ID);
    return start?.type === 'start' ? start : [...this.byId.values()].find((n) => n.type === 'start');
  }

  /** The node `from` leads to by `handle` (null: its single way out); undefined: none, the run ends there. */
  next(from: FlowNode, handle: string | null = null): FlowNode | undefined {
    const target = this.exits.get(exitKey(from.id, handle));
    return target === undefined ? undefined : this.byId.get(target);
  }
}

const exitKey = (source: string, handle: string | null) => `${source}\u0000${handle ?? 'a'}`;
