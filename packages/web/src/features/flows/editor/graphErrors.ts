/**
 * A refused save (400 ERR_VALIDATION) names what is wrong by path: `nodes.3.data.sec`,
 * `connections.5.sourceHandle`, `nodes` (the start node). The paths count in the order sent, which
 * is the canvas's order, so each names a node or an edge of the canvas.
 */
import type { EditorEdge, EditorNode } from './flowGraph';

export interface GraphProblem {
  /** The field's path as the server sent it. */
  path: string;
  /** The server's reason (a validation key: required, tooLarge, unknownHandle …). */
  reason: string;
  nodeId?: string;
  edgeId?: string;
}

export function graphProblems(
  fields: Record<string, string>,
  nodes: EditorNode[],
  edges: EditorEdge[],
): GraphProblem[] {
  return Object.entries(fields).map(([path, reason]) => {
    const [list, index] = path.split('.');
    const i = Number(index);
    if (list === 'nodes' && Number.isInteger(i)) return { path, reason, nodeId: nodes[i]?.id };
    if (list === 'connections' && Number.isInteger(i)) return { path, reason, edgeId: edges[i]?.id };
    return { path, reason };
  });
}
