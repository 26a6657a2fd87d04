import { describe, expect, it } from 'vitest';
import { FLOW_NODE_ID_LENGTH, flowGraphBody } from '@balcao/contracts';
import {
  addNode,
  duplicateNode,
  fromSaved,
  newNodeId,
  removeNode,
  startNode,
  toSaved,
  unconnectedNodes,
  type EditorNode,
} from './flowGraph';
import { GraphHistory } from './graphHistory';
import { graphProblems } from './graphErrors';
import { checkMedia } from './mediaLimits';

const at = (id: string, x: number, y: number, width?: number): EditorNode => ({
  id,
  type: 'message',
  position: { x, y },
  data: { label: id },
  ...(width ? { measured: { width, height: 80 } } : {}),
});

describe('flow graph', () => {
  it('makes 30-character ids of letters and digits, different each time', () => {
    const ids = new Set(Array.from({ length: 200 }, newNodeId));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(new RegExp(`^[A-Za-z0-9]{${FLOW_NODE_ID_LENGTH}}$`));
  });

  it('puts a new node at the centre of the view, or the nearest spot free of other nodes', () => {
    const alone = addNode([startNode()], 'interval', { sec: 5, label: 'Intervalo 5 seg' }, { x: 1000, y: 600 });
    // Centred on the view's middle (a node counts as 220 × 90 until measured).
    expect(alone.at(-1)!.position).toEqual({ x: 890, y: 555 });
    expect(alone.at(-1)!.type).toBe('interval');
    // Something sits there: the next one goes beside it, overlapping nothing.
    const taken = [startNode(), at('m', 880, 550, 250)];
    const next = addNode(taken, 'interval', { sec: 5, label: 'Intervalo 5 seg' }, { x: 1000, y: 600 }).at(-1)!;
    const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
      Math.abs(a.x - b.x) < 250 && Math.abs(a.y - b.y) < 90;
    expect(overlaps(next.position, { x: 880, y: 550 })).toBe(false);
    expect(Math.hypot(next.position.x - 890, next.position.y - 555)).toBeLessThan(400);
    // A video's box counts as tall as its preview grows: the next node keeps clear of it.
    const withVideo = addNode([startNode()], 'video', { url: 'v.mp4', record: false } as never, { x: 0, y: 0 });
    const video = withVideo.at(-1)!;
    const below = addNode(withVideo, 'message', { label: 'm' }, { x: 0, y: 0 }).at(-1)!;
    expect(
      below.position.x >= video.position.x + 220 ||
        below.position.x + 220 <= video.position.x ||
        below.position.y >= video.position.y + 240 ||
        below.position.y + 90 <= video.position.y,
    ).toBe(true);
    // Many new nodes at the same centre never land on one another.
    let nodes = [startNode()];
    for (let i = 0; i < 12; i++) nodes = addNode(nodes, 'message', { label: `m${i}` }, { x: 0, y: 0 });
    const spots = nodes.slice(1).map((n) => n.position);
    for (const [i, a] of spots.entries())
      for (const b of spots.slice(i + 1)) expect(Math.abs(a.x - b.x) >= 220 || Math.abs(a.y - b.y) >= 90).toBe(true);
  });

  it('keeps one start node at 250,100, replaced when added again', () => {
    const moved = { ...startNode(), position: { x: 900, y: 900 } };
    const nodes = addNode([moved, at('m', 600, 320)], 'start', { label: 'Inicio do fluxo' });
    expect(nodes.filter((n) => n.type === 'start')).toEqual([
      expect.objectContaining({ id: '1', position: { x: 250, y: 100 } }),
    ]);
    expect(nodes).toHaveLength(2);
  });

  it('duplicates beside the node, on free ground, with a new id, unselected', () => {
    const nodes = [startNode(), { ...at('a', 700, 50), selected: true }, at('b', 400, 380)];
    const copy = duplicateNode(nodes, 'a').at(-1)!;
    expect(Math.abs(copy.position.x - 700) >= 220 || Math.abs(copy.position.y - 50) >= 90).toBe(true);
    expect(Math.hypot(copy.position.x - 700, copy.position.y - 50)).toBeLessThan(400);
    expect(copy.id).not.toBe('a');
    expect(copy.selected).toBe(false);
    expect(copy.data).toEqual({ label: 'a' });
    expect(duplicateNode(nodes, '1')).toBe(nodes);
  });

  it('names the nodes no connection leads into (never the start)', () => {
    const nodes = [startNode(), at('a', 1, 1), at('b', 2, 2), at('c', 3, 3)];
    const edges = [
      { id: 'e1', source: '1', target: 'a' },
      { id: 'e2', source: 'c', target: 'a' },
    ];
    expect(unconnectedNodes(nodes, edges).map((n) => n.id)).toEqual(['b', 'c']);
  });

  it('undoes and redoes changes in order; a new change drops the redo steps', () => {
    const h = new GraphHistory();
    const v = (n: number) => ({ nodes: [at(`n${n}`, n, n)], edges: [] });
    h.record(v(1));
    h.record(v(2));
    expect(h.undo(v(3))).toEqual(v(2));
    expect(h.undo(v(2))).toEqual(v(1));
    expect(h.undo(v(1))).toBeUndefined();
    expect(h.redo(v(1))).toEqual(v(2));
    expect(h.canRedo).toBe(true);
    h.record(v(2));
    expect(h.canRedo).toBe(false);
    expect(h.canUndo).toBe(true);
  });

  it('removes a node with every connection it is part of; never the start', () => {
    const edges = [
      { id: 'e1', source: '1', target: 'a' },
      { id: 'e2', source: 'a', target: 'b' },
      { id: 'e3', source: '1', target: 'b' },
    ];
    const nodes = [startNode(), at('a', 1, 1), at('b', 2, 2)];
    const after = removeNode(nodes, edges, 'a');
    expect(after.nodes.map((n) => n.id)).toEqual(['1', 'b']);
    expect(after.edges.map((e) => e.id)).toEqual(['e3']);
    expect(removeNode(nodes, edges, '1').nodes).toHaveLength(3);
  });

  it('saves what the contract takes and reads it back unchanged', () => {
    const { nodes } = fromSaved(null);
    expect(nodes).toEqual([expect.objectContaining({ id: '1', type: 'start' })]);
    const drawn = addNode(nodes, 'menu', {
      message: 'Escolha',
      arrayOption: [
        { number: 1, value: 'Vendas' },
        { number: 2, value: 'Suporte' },
      ],
    }).map((n) => ({ ...n, measured: { width: 220, height: 90 }, dragging: false }));
    const menu = drawn[1]!;
    const edges = [{ id: 'x', source: '1', sourceHandle: 'a', target: menu.id }];
    const saved = toSaved(drawn, edges);
    expect(flowGraphBody.safeParse({ idFlow: 1, ...saved }).success).toBe(true);
    expect(saved.nodes[1]).not.toHaveProperty('measured');
    const back = fromSaved(saved);
    expect(toSaved(back.nodes, back.edges)).toEqual(saved);
  });

  it('names the node or edge a refused save points at', () => {
    const nodes = [startNode(), at('a', 1, 1)];
    const edges = [{ id: 'e1', source: '1', target: 'a' }];
    expect(
      graphProblems(
        { 'nodes.1.data.label': 'required', 'connections.0.sourceHandle': 'unknownHandle', nodes: 'startRequired' },
        nodes,
        edges,
      ),
    ).toEqual([
      { path: 'nodes.1.data.label', reason: 'required', nodeId: 'a' },
      { path: 'connections.0.sourceHandle', reason: 'unknownHandle', edgeId: 'e1' },
      { path: 'nodes', reason: 'startRequired' },
    ]);
  });

  it('checks media against the spec’s limits', () => {
    const file = (name: string, mb: number) => new File([new Uint8Array(Math.round(mb * 1024 * 1024))], name);
    expect(checkMedia(file('a.png', 1.9), 'img')).toEqual({ ok: true });
    expect(checkMedia(file('a.jpg', 2.1), 'img')).toEqual({ ok: false, error: 'tooLarge', maxMb: 2 });
    expect(checkMedia(file('a.gif', 0.1), 'img')).toEqual({ ok: false, error: 'type' });
    expect(checkMedia(file('a.opus', 1), 'audio')).toEqual({ ok: false, error: 'type' });
    expect(checkMedia(file('a.opus', 1), 'audio', true)).toEqual({ ok: true });
    expect(checkMedia(file('a.mov', 1), 'video')).toEqual({ ok: false, error: 'type' });
  });
});
