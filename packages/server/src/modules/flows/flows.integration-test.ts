import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Flow, FlowNode, FlowPage, FlowWithGraph } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNotFound } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { insertContact, insertQueue, scoped } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { storedFiles } from '../../../test/support/uploads.js';
import { readFlowMedia } from './read-flow-media.js';
import { flowCampaigns, flowRuns, tickets } from '../../db/schema/index.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;

beforeAll(async () => {
  t = await startTestApp();
  // A plan with no flags at all: flows need none.
  a = await createTenant(t);
  b = await createTenant(t);
  ana = await createStaff(t, a, { name: 'Ana' });
});
afterAll(() => t.stop());

const uid = () => randomBytes(3).toString('hex');
/** A 30-character node id, as the editor makes them. */
const nodeId = () => randomBytes(15).toString('hex');

async function newFlow(api: Api, name = `Fluxo ${uid()}`) {
  const res = await api.post('/api/flowbuilder', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Flow;
}

const start: FlowNode = { id: '1', type: 'start', position: { x: 250, y: 100 }, data: { label: 'Inicio do fluxo' } };

/** A graph of every kind that names nothing outside itself: start → menu (2 options) → message / condition → … */
function sampleGraph() {
  const [menu, hello, cond, rand, wait, question, block] = Array.from({ length: 7 }, nodeId) as string[];
  const nodes: FlowNode[] = [
    start,
    {
      id: menu!,
      type: 'menu',
      position: { x: 540, y: 100 },
      data: {
        message: 'Escolha',
        arrayOption: [
          { number: 1, value: 'Vendas' },
          { number: 2, value: 'Suporte' },
        ],
      },
    },
    { id: hello!, type: 'message', position: { x: 830, y: 0 }, data: { label: 'Olá {{name}}' } },
    {
      id: cond!,
      type: 'condition',
      position: { x: 830, y: 200 },
      data: { key: 'plano', condition: 'equals', value: 'ouro' },
    },
    { id: rand!, type: 'randomizer', position: { x: 1120, y: 200 }, data: { percent: 30 } },
    { id: wait!, type: 'interval', position: { x: 1410, y: 200 }, data: { sec: 120, label: 'Intervalo 120 seg' } },
    {
      id: question!,
      type: 'question',
      position: { x: 1700, y: 200 },
      data: { typebotIntegration: { message: 'Seu e-mail?', answerKey: 'email' } },
    },
    {
      id: block!,
      type: 'singleBlock',
      position: { x: 1990, y: 200 },
      data: {
        seq: ['message0', 'interval1'],
        elements: [
          { number: 'message0', value: 'Obrigado' },
          { number: 'interval1', value: '5' },
        ],
      },
    },
  ];
  const connections = [
    { source: '1', target: menu! },
    { source: menu!, target: hello!, sourceHandle: 'a1' },
    { source: menu!, target: cond!, sourceHandle: 'a2' },
    { source: cond!, target: rand!, sourceHandle: 'a' },
    { source: cond!, target: hello!, sourceHandle: 'b' },
    { source: rand!, target: wait!, sourceHandle: 'a' },
    { source: rand!, target: question!, sourceHandle: 'b' },
    { source: wait!, target: question! },
    { source: question!, target: block! },
  ];
  return { nodes, connections };
}

const saveGraph = (api: Api, idFlow: number, graph: { nodes: unknown[]; connections: unknown[] }) =>
  api.post('/api/flowbuilder/flow', { idFlow, ...graph });

describe('flows: list, create, rename, duplicate, delete', () => {
  it('a plain user creates a flow (201, active, no graph) and finds it by name, 20 a page, with a count', async () => {
    const tag = uid();
    const created = await newFlow(ana.api, `  Boas-vindas ${tag} `);
    expect(created).toMatchObject({
      id: expect.any(Number),
      name: `Boas-vindas ${tag}`,
      active: true,
      userId: ana.id,
      companyId: a.companyId,
      createdAt: expect.any(String),
    });
    expect((await ana.api.get(`/api/flowbuilder/flow/${created.id}`)).body).toEqual({
      flow: { ...created, flow: null },
    });
    for (let i = 0; i < 21; i++) await newFlow(a.admin.api, `Lista ${tag} ${String(i).padStart(2, '0')}`);
    const first = (await ana.api.get(`/api/flowbuilder?searchParam=LISTA ${tag}`)).body as FlowPage;
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.flows.map((f) => f.name).slice(0, 2)).toEqual([`Lista ${tag} 00`, `Lista ${tag} 01`]);
    const second = (await ana.api.get(`/api/flowbuilder?searchParam=lista ${tag}&pageNumber=2`)).body as FlowPage;
    expect(second).toMatchObject({ count: 21, hasMore: false, flows: [{ name: `Lista ${tag} 20` }] });
    // Another company sees none of them; a % in the search is a literal.
    expect((await b.admin.api.get(`/api/flowbuilder?searchParam=${tag}`)).body).toEqual({
      flows: [],
      count: 0,
      hasMore: false,
    });
    expect((await ana.api.get(`/api/flowbuilder?searchParam=${tag}%25`)).body.count).toBe(0);
  });

  it('renames and switches a flow off with PUT {flowId, name, active}; the name alone keeps active', async () => {
    const flow = await newFlow(ana.api);
    const off = await ana.api.put('/api/flowbuilder', { flowId: flow.id, name: 'Atendimento', active: false });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect(off.body).toMatchObject({ id: flow.id, name: 'Atendimento', active: false });
    const renamed = await ana.api.put('/api/flowbuilder', { flowId: flow.id, name: 'Atendimento 2' });
    expect(renamed.body).toMatchObject({ name: 'Atendimento 2', active: false });
    expect((await ana.api.get(`/api/flowbuilder/flow/${flow.id}`)).body.flow).toMatchObject({
      name: 'Atendimento 2',
      active: false,
    });
  });

  it('duplicates a flow as "<name> - cópia" with the same graph and node ids, the name kept within 50', async () => {
    const flow = await newFlow(ana.api, 'Vendas');
    const graph = sampleGraph();
    expect((await saveGraph(ana.api, flow.id, graph)).status).toBe(200);
    const copy = await a.admin.api.post('/api/flowbuilder/duplicate', { flowId: flow.id });
    expect(copy.status, JSON.stringify(copy.body)).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Vendas - cópia', active: true, userId: a.admin.id });
    expect(copy.body.id).not.toBe(flow.id);
    const read = (await ana.api.get(`/api/flowbuilder/flow/${copy.body.id}`)).body as FlowWithGraph;
    expect(read.flow.flow).toEqual(graph);
    // A copy of a long name stays a valid name (a copy of the copy too).
    const long = await newFlow(ana.api, 'x'.repeat(50));
    const longCopy = (await ana.api.post('/api/flowbuilder/duplicate', { flowId: long.id })).body as Flow;
    expect(longCopy.name).toBe(`${'x'.repeat(42)} - cópia`);
    const again = await ana.api.post('/api/flowbuilder/duplicate', { flowId: longCopy.id });
    expect(again.body.name).toHaveLength(50);
    // A flow never saved duplicates with no graph.
    const bare = (await ana.api.post('/api/flowbuilder/duplicate', { flowId: long.id })).body as Flow;
    expect((await ana.api.get(`/api/flowbuilder/flow/${bare.id}`)).body.flow.flow).toBeNull();
  });

  it('deletes a flow (204) with its flow campaigns; its live runs stop in the same transaction, finished ones stay as they were', async () => {
    const flow = await newFlow(ana.api);
    const other = await newFlow(ana.api);
    const conn = (await a.admin.api.post('/api/whatsapp', { name: `Conexão ${uid()}`, provider: 'sandbox' })).body;
    await scoped(t, a.companyId, (tx) =>
      tx
        .insert(flowCampaigns)
        .values({ companyId: a.companyId, name: 'Promo', flowId: flow.id, whatsappId: conn.id, phrase: 'promo' }),
    );
    const ticketIds: number[] = [];
    for (let i = 0; i < 4; i++) {
      const contact = await insertContact(t, a.companyId);
      const [row] = await scoped(t, a.companyId, (tx) =>
        tx.insert(tickets).values({ companyId: a.companyId, contactId: contact.id }).returning({ id: tickets.id }),
      );
      ticketIds.push(row!.id);
    }
    const runs = await scoped(t, a.companyId, (tx) =>
      tx
        .insert(flowRuns)
        .values([
          { companyId: a.companyId, ticketId: ticketIds[0]!, flowId: flow.id, status: 'running', nodeId: '1' },
          {
            companyId: a.companyId,
            ticketId: ticketIds[1]!,
            flowId: flow.id,
            status: 'waiting',
            waiting: 'time',
            waitUntil: new Date(Date.now() + 60_000),
          },
          { companyId: a.companyId, ticketId: ticketIds[2]!, flowId: flow.id, status: 'done', endedAt: new Date(0) },
          { companyId: a.companyId, ticketId: ticketIds[3]!, flowId: other.id, status: 'waiting', waiting: 'input' },
        ])
        .returning({ id: flowRuns.id }),
    );
    const res = await ana.api.delete(`/api/flowbuilder/${flow.id}`);
    expect(res.status).toBe(204);
    expectNotFound(await ana.api.get(`/api/flowbuilder/flow/${flow.id}`));
    const after = await scoped(t, a.companyId, (tx) => tx.select().from(flowRuns).orderBy(flowRuns.id));
    const byId = new Map(after.map((r) => [r.id, r]));
    const [running, waiting, done, untouched] = runs.map((r) => byId.get(r.id)!);
    expect(running).toMatchObject({
      status: 'stopped',
      endReason: 'flowDeleted',
      flowId: null,
      endedAt: expect.any(Date),
    });
    expect(waiting).toMatchObject({ status: 'stopped', waiting: null, waitUntil: null, endedAt: expect.any(Date) });
    expect(done).toMatchObject({ status: 'done', endedAt: new Date(0) });
    expect(untouched).toMatchObject({ status: 'waiting', flowId: other.id, endedAt: null });
    expect(
      await scoped(t, a.companyId, (tx) => tx.select().from(flowCampaigns).where(eq(flowCampaigns.flowId, flow.id))),
    ).toEqual([]);
  });

  it('refuses a short or long name and a missing flowId (400 naming it); nothing written', async () => {
    const flow = await newFlow(ana.api);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    expectInvalid(await ana.api.post('/api/flowbuilder', { name: 'a' }), 'name');
    expectInvalid(await ana.api.post('/api/flowbuilder', { name: 'x'.repeat(51) }), 'name');
    expectInvalid(await ana.api.post('/api/flowbuilder', {}), 'name');
    expectInvalid(await ana.api.put('/api/flowbuilder', { name: 'Válido' }), 'flowId');
    expectInvalid(await ana.api.put('/api/flowbuilder', { flowId: flow.id, name: ' a ' }), 'name');
    expectInvalid(await ana.api.put('/api/flowbuilder', { flowId: flow.id, name: 'Válido', active: 'sim' }), 'active');
    expectInvalid(await ana.api.post('/api/flowbuilder/duplicate', { flowId: 'x' }), 'flowId');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it("another company's flow is 404 everywhere, and nothing of it changes", async () => {
    const theirs = await newFlow(b.admin.api, 'Deles');
    expect((await saveGraph(b.admin.api, theirs.id, sampleGraph())).status).toBe(200);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    expectNotFound(await ana.api.get(`/api/flowbuilder/flow/${theirs.id}`));
    expectNotFound(await ana.api.put('/api/flowbuilder', { flowId: theirs.id, name: 'Nosso' }));
    expectNotFound(await ana.api.delete(`/api/flowbuilder/${theirs.id}`));
    expectNotFound(await ana.api.post('/api/flowbuilder/duplicate', { flowId: theirs.id }));
    expectNotFound(await saveGraph(ana.api, theirs.id, sampleGraph()));
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
    expect((await ana.api.get('/api/flowbuilder?searchParam=Deles')).body.count).toBe(0);
  });
});

describe('flow graphs: read and save', () => {
  it('saves a graph of every node kind and reads it back as flow.flow; a second save replaces it whole', async () => {
    const flow = await newFlow(ana.api);
    const queue = await insertQueue(t, a.companyId);
    const graph = sampleGraph();
    const ticket = nodeId();
    const ai = nodeId();
    graph.nodes.push(
      { id: ticket, type: 'ticket', position: { x: 0, y: 400 }, data: { data: { id: queue.id, name: queue.name } } },
      {
        id: ai,
        type: 'openai',
        position: { x: 300, y: 400 },
        data: { typebotIntegration: { name: 'IA', prompt: 'Seja breve', temperature: 0.5, queueId: queue.id } },
      },
      {
        id: nodeId(),
        type: 'typebot',
        position: { x: 600, y: 400 },
        data: { typebotIntegration: { typebotSlug: 'x' } },
      },
    );
    graph.connections.push({ source: graph.nodes[2]!.id, target: ticket });
    const saved = await saveGraph(ana.api, flow.id, graph);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual({ flow: { ...flow, updatedAt: expect.any(String), flow: graph } });
    expect((await a.admin.api.get(`/api/flowbuilder/flow/${flow.id}`)).body).toEqual(saved.body);
    // The list does not carry graphs.
    expect(
      (await ana.api.get(`/api/flowbuilder?searchParam=${encodeURIComponent(flow.name)}`)).body.flows[0],
    ).not.toHaveProperty('flow');
    const smaller = { nodes: [start], connections: [] };
    expect((await saveGraph(ana.api, flow.id, smaller)).body.flow.flow).toEqual(smaller);
  });

  it('refuses a broken graph whole, naming the node or edge (400), and keeps the saved one', async () => {
    const flow = await newFlow(ana.api);
    const good = sampleGraph();
    expect((await saveGraph(ana.api, flow.id, good)).status).toBe(200);
    const [, menu, hello, cond, , wait] = good.nodes.map((n) => n.id);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const broken = (change: (g: ReturnType<typeof sampleGraph>) => void) => {
      const g = structuredClone(good);
      change(g);
      return saveGraph(ana.api, flow.id, g);
    };
    const nodeAt = (id: string | undefined) => good.nodes.findIndex((n) => n.id === id);
    // Two starts.
    expectInvalid(await broken((g) => g.nodes.push({ ...start, position: { x: 0, y: 0 } })), 'nodes');
    // No start.
    expectInvalid(await broken((g) => g.nodes.splice(0, 1)), 'nodes');
    // An edge to a node that does not exist.
    expectInvalid(await broken((g) => g.connections.push({ source: hello!, target: 'ghost' })), 'connections.9.target');
    // A menu handle a3 on a two-option menu.
    expectInvalid(
      await broken((g) => g.connections.push({ source: menu!, target: hello!, sourceHandle: 'a3' })),
      'connections.9.sourceHandle',
    );
    // An interval of 121 s.
    expectInvalid(
      await broken((g) => Object.assign(g.nodes[nodeAt(wait)]!.data, { sec: 121 })),
      `nodes.${nodeAt(wait)}.data.sec`,
    );
    // A condition without its key.
    expectInvalid(
      await broken((g) => delete (g.nodes[nodeAt(cond)]!.data as { key?: string }).key),
      `nodes.${nodeAt(cond)}.data.key`,
    );
    // A condition's third way out, an edge into the start, two edges from one handle, a node id twice.
    expectInvalid(
      await broken((g) => g.connections.push({ source: cond!, target: hello!, sourceHandle: 'c' })),
      'connections.9.sourceHandle',
    );
    expectInvalid(await broken((g) => g.connections.push({ source: hello!, target: '1' })), 'connections.9.target');
    expectInvalid(
      await broken((g) => g.connections.push({ source: menu!, target: cond!, sourceHandle: 'a1' })),
      'connections.9.sourceHandle',
    );
    expectInvalid(await broken((g) => g.nodes.push({ ...g.nodes[2]!, position: { x: 9, y: 9 } })), 'nodes.8.id');
    // A content block: an empty text, an interval of 0, a seq entry naming no element.
    const block = good.nodes.length - 1;
    expectInvalid(
      await broken((g) => {
        (g.nodes[block]!.data as { elements: { value: string }[] }).elements[0]!.value = '  ';
      }),
      `nodes.${block}.data.elements.0.value`,
    );
    expectInvalid(
      await broken((g) => {
        (g.nodes[block]!.data as { elements: { value: string }[] }).elements[1]!.value = '0';
      }),
      `nodes.${block}.data.elements.1.value`,
    );
    expectInvalid(
      await broken((g) => {
        (g.nodes[block]!.data as { seq: string[] }).seq.push('img7');
      }),
      `nodes.${block}.data.seq.2`,
    );
    // An unknown node type, a menu numbered out of order.
    expectInvalid(await broken((g) => Object.assign(g.nodes[2]!, { type: 'teleport' })), 'nodes.2.type');
    expectInvalid(
      await broken((g) => {
        (g.nodes[nodeAt(menu)]!.data as { arrayOption: { number: number }[] }).arrayOption[1]!.number = 3;
      }),
      `nodes.${nodeAt(menu)}.data.arrayOption.1.number`,
    );
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
    expect((await ana.api.get(`/api/flowbuilder/flow/${flow.id}`)).body.flow.flow).toEqual(good);
  });

  it("refuses a ticket node or an openai node naming another company's queue, or none, naming the node (400)", async () => {
    const flow = await newFlow(ana.api);
    const theirs = await insertQueue(t, b.companyId);
    const ours = await insertQueue(t, a.companyId);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const ticketNode = (id: number): FlowNode => ({
      id: nodeId(),
      type: 'ticket',
      position: { x: 540, y: 100 },
      data: { data: { id, name: 'Fila' } },
    });
    const aiNode = (queueId: number): FlowNode => ({
      id: nodeId(),
      type: 'openai',
      position: { x: 540, y: 300 },
      data: { typebotIntegration: { name: 'IA', queueId } },
    });
    expectInvalid(
      await saveGraph(ana.api, flow.id, {
        nodes: [start, ticketNode(ours.id), ticketNode(theirs.id)],
        connections: [],
      }),
      'nodes.2.data.data.id',
    );
    const res = await saveGraph(ana.api, flow.id, {
      nodes: [start, aiNode(theirs.id), ticketNode(2_000_000_000)],
      connections: [],
    });
    expectInvalid(res, 'nodes.1.data.typebotIntegration.queueId');
    expectInvalid(res, 'nodes.2.data.data.id');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('refuses a graph for a flow id that is not a number or names no flow', async () => {
    expectInvalid(await saveGraph(ana.api, 'x' as unknown as number, sampleGraph()), 'idFlow');
    expectNotFound(await saveGraph(ana.api, 2_000_000_000, sampleGraph()));
    expectNotFound(await ana.api.get('/api/flowbuilder/flow/2000000000'));
    expectNotFound(await ana.api.delete('/api/flowbuilder/2000000000'));
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 1)]);
const OGG = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 2)]);
const MP3 = Buffer.concat([Buffer.from('ID3'), Buffer.alloc(60, 3)]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(60, 4)]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
/** A file of `size` bytes that starts as `head` does. */
const sized = (head: Buffer, size: number) => Buffer.concat([head, Buffer.alloc(size - head.length, 7)]);

type Part = [string, string | Blob, string?];
const media = (data: Buffer, type: string, name: string): Part => [
  'medias',
  new Blob([new Uint8Array(data)], { type }),
  name,
];
/** The spec's upload form: `medias` plus `body` and `fromMe`. */
async function upload(token: string, route: 'img' | 'audio' | 'content', parts: Part[]) {
  const form = new FormData();
  form.append('body', 'legenda');
  form.append('fromMe', 'true');
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const res = await fetch(`${t.url}/api/flowbuilder/${route}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
const fetchMedia = (token: string, name: string) =>
  fetch(`${t.url}/api/flowbuilder/media?name=${encodeURIComponent(name)}`, {
    headers: { authorization: `Bearer ${token}` },
  });
const KEY = (companyId: number, ext: string) => new RegExp(`^${companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.${ext}$`);

describe('flow media: upload, name, serve', () => {
  it('an image goes up (png or jpeg) and answers {name}, the storage key, served to the company only', async () => {
    const uploaded = await upload(ana.token, 'img', [media(PNG, 'image/png', 'logo da loja.png')]);
    expect(uploaded.status, JSON.stringify(uploaded.body)).toBe(200);
    expect(uploaded.headers.get('content-type')).toMatch(/^application\/json/);
    expect(uploaded.body).toEqual({ name: expect.stringMatching(KEY(a.companyId, 'png')) });
    const png = { body: uploaded.body.name as string };
    const jpeg = await upload(a.admin.token, 'img', [media(JPEG, 'image/jpeg', 'foto.jpg')]);
    expect(jpeg.body).toEqual({ name: expect.stringMatching(KEY(a.companyId, 'jpg')) });
    const served = await fetchMedia(a.admin.token, png.body);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toContain('logo_da_loja.png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // Another company: its name is unknown there (404), and so is a key never uploaded.
    expect((await fetchMedia(b.admin.token, png.body)).status).toBe(404);
    expect(
      (await fetchMedia(ana.token, `${a.companyId}/2025-01/00000000-0000-4000-8000-000000000000.png`)).status,
    ).toBe(404);
    // The engine's reader: the bytes, the type and the name it came with, in the company only.
    expect(await readFlowMedia(t.running.deps, a.companyId, png.body)).toEqual({
      key: png.body,
      data: PNG,
      mimetype: 'image/png',
      fileName: 'logo_da_loja.png',
    });
    await expect(readFlowMedia(t.running.deps, b.companyId, png.body)).rejects.toMatchObject({ status: 404 });
  });

  it('audio takes ogg (opus) and mp3; content takes several of image, audio and video and answers their names in order', async () => {
    const ogg = await upload(ana.token, 'audio', [media(OGG, 'audio/ogg', 'voz.opus')]);
    expect(ogg.status, JSON.stringify(ogg.body)).toBe(200);
    expect(ogg.body).toEqual({ name: expect.stringMatching(KEY(a.companyId, 'ogg')) });
    expect((await upload(ana.token, 'audio', [media(MP3, 'audio/mpeg', 'musica.mp3')])).body).toEqual({
      name: expect.stringMatching(KEY(a.companyId, 'mp3')),
    });
    const content = await upload(ana.token, 'content', [
      media(PNG, 'image/png', 'a.png'),
      media(OGG, 'audio/ogg', 'b.ogg'),
      media(MP4, 'video/mp4', 'c.mp4'),
    ]);
    expect(content.status, JSON.stringify(content.body)).toBe(200);
    expect(content.body).toEqual([
      expect.stringMatching(KEY(a.companyId, 'png')),
      expect.stringMatching(KEY(a.companyId, 'ogg')),
      expect.stringMatching(KEY(a.companyId, 'mp4')),
    ]);
    expect((await fetchMedia(ana.token, content.body[2])).headers.get('content-type')).toBe('video/mp4');
  });

  it('a saved graph names only media the company uploaded, of the node kind (400 naming the node)', async () => {
    const flow = await newFlow(ana.api);
    const [img, audio, video] = (
      await upload(ana.token, 'content', [
        media(PNG, 'image/png', 'a.png'),
        media(OGG, 'audio/ogg', 'b.ogg'),
        media(MP4, 'video/mp4', 'c.mp4'),
      ])
    ).body as string[];
    const theirs = (await upload(b.admin.token, 'img', [media(PNG, 'image/png', 'x.png')])).body.name as string;
    const node = (type: 'img' | 'audio' | 'video', url: string, x: number): FlowNode =>
      ({
        id: nodeId(),
        type,
        position: { x, y: 100 },
        data: { url, ...(type === 'img' ? {} : { record: false }) },
      }) as FlowNode;
    const block = (elements: { number: string; value: string }[]): FlowNode => ({
      id: nodeId(),
      type: 'singleBlock',
      position: { x: 900, y: 100 },
      data: { seq: elements.map((e) => e.number), elements },
    });
    const good = {
      nodes: [
        start,
        node('img', img!, 300),
        node('audio', audio!, 500),
        node('video', video!, 700),
        block([
          { number: 'message0', value: 'Veja' },
          { number: 'img1', value: img! },
          { number: 'audio2', value: audio! },
          { number: 'video3', value: video! },
        ]),
      ],
      connections: [],
    };
    const saved = await saveGraph(ana.api, flow.id, good);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const bad = await saveGraph(ana.api, flow.id, {
      nodes: [
        start,
        node('img', theirs, 300),
        node('audio', img!, 500),
        node('video', `${a.companyId}/2025-01/00000000-0000-4000-8000-000000000000.mp4`, 700),
        block([
          { number: 'img0', value: audio! },
          { number: 'video1', value: theirs },
        ]),
      ],
      connections: [],
    });
    expect(bad.body.fields).toEqual({
      'nodes.1.data.url': 'notFound',
      'nodes.2.data.url': 'wrongKind',
      'nodes.3.data.url': 'notFound',
      'nodes.4.data.elements.0.value': 'wrongKind',
      'nodes.4.data.elements.1.value': 'notFound',
    });
    // An empty media card is refused by the graph's own rules.
    expectInvalid(
      await saveGraph(ana.api, flow.id, { nodes: [start, block([{ number: 'img0', value: '' }])], connections: [] }),
      'nodes.1.data.elements.0.value',
    );
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('refuses a disguised, unsupported, oversized, missing or extra file (400 or 413 naming medias); nothing stored or recorded', async () => {
    const files = await storedFiles(t, a.companyId);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const disguised = await upload(ana.token, 'img', [media(GIF, 'image/png', 'x.png')]);
    expect(disguised.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { medias: 'typeMismatch' } });
    const gif = await upload(ana.token, 'img', [media(GIF, 'image/gif', 'x.gif')]);
    expect(gif.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { medias: 'unsupportedType' } });
    // A video is content's, not the image or the audio route's; mp3 is not an image.
    expectInvalid(await upload(ana.token, 'img', [media(MP4, 'video/mp4', 'v.mp4')]), 'medias');
    expectInvalid(await upload(ana.token, 'audio', [media(MP4, 'video/mp4', 'v.mp4')]), 'medias');
    expectInvalid(await upload(ana.token, 'img', [media(MP3, 'audio/mpeg', 'a.mp3')]), 'medias');
    // Past each kind's size: 413 with the limit.
    const bigImage = await upload(ana.token, 'img', [media(sized(PNG, 2 * 1024 * 1024 + 1), 'image/png', 'big.png')]);
    expectError(bigImage, 413, 'ERR_PAYLOAD_TOO_LARGE');
    expect(bigImage.body).toMatchObject({ fields: { medias: 'tooLarge' }, maxBytes: 2 * 1024 * 1024 });
    const bigAudio = await upload(ana.token, 'audio', [
      media(sized(MP3, 5 * 1024 * 1024 + 1), 'audio/mpeg', 'big.mp3'),
    ]);
    expect(bigAudio.body).toMatchObject({ error: 'ERR_PAYLOAD_TOO_LARGE', maxBytes: 5 * 1024 * 1024 });
    const bigVideo = await upload(ana.token, 'content', [
      media(PNG, 'image/png', 'ok.png'),
      media(sized(MP4, 20 * 1024 * 1024 + 1), 'video/mp4', 'big.mp4'),
    ]);
    expect(bigVideo.status).toBe(413);
    // Two files where one goes, none, a file in another field, not multipart at all.
    expectInvalid(
      await upload(ana.token, 'img', [media(PNG, 'image/png', 'a.png'), media(PNG, 'image/png', 'b.png')]),
      'medias',
    );
    expectInvalid(await upload(ana.token, 'content', []), 'medias');
    expectInvalid(
      await upload(ana.token, 'audio', [['file', new Blob([new Uint8Array(OGG)], { type: 'audio/ogg' }), 'a.ogg']]),
      'medias',
    );
    expectInvalid(await ana.api.post('/api/flowbuilder/img', { medias: 'x' }), 'medias');
    expect(await storedFiles(t, a.companyId)).toEqual(files);
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('the media route refuses a name past its bounds (400) and answers 404 for a name of no upload', async () => {
    expectInvalid(await ana.api.get(`/api/flowbuilder/media?name=${'x'.repeat(301)}`), 'name');
    expectInvalid(await ana.api.get('/api/flowbuilder/media'), 'name');
    expectNotFound(await ana.api.get('/api/flowbuilder/media?name=..%2F..%2Fetc%2Fpasswd'));
  });
});

describe("an openai node's keys", () => {
  const KEY = 'sk-flow-0123456789-REAL-KEY-abcd';
  const VOICE = 'azure-voice-0123456789-REAL-wxyz';
  const keysOf = (graph: { nodes: FlowNode[] } | null | undefined, id: string) =>
    (graph?.nodes.find((n) => n.id === id)?.data as { typebotIntegration: { apiKey?: string; voiceKey?: string } })
      .typebotIntegration;
  const storedGraph = async (id: number) =>
    (await t.running.deps.pools.owner.query('select graph from flows where id = $1', [id])).rows[0].graph as {
      nodes: FlowNode[];
    };
  const aiNode = (id: string, keys: Record<string, string>): FlowNode => ({
    id,
    type: 'openai',
    position: { x: 540, y: 100 },
    data: { typebotIntegration: { name: 'IA', prompt: 'Seja breve', voice: 'pt-BR-FranciscaNeural', ...keys } },
  });

  async function flowWithKeys() {
    const flow = await newFlow(ana.api);
    const ai = nodeId();
    const graph = { nodes: [start, aiNode(ai, { apiKey: KEY, voiceKey: VOICE })], connections: [edge('1', ai)] };
    const saved = await saveGraph(a.admin.api, flow.id, graph);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return { flow, ai, saved: saved.body as FlowWithGraph };
  }
  const edge = (source: string, target: string) => ({ source, target });

  it('are answered masked to everyone (the save, the read, a user and an admin) and stored whole', async () => {
    const { flow, ai, saved } = await flowWithKeys();
    expect(keysOf(saved.flow.flow, ai)).toMatchObject({ apiKey: '••••abcd', voiceKey: '••••wxyz' });
    for (const api of [ana.api, a.admin.api]) {
      const res = await api.get(`/api/flowbuilder/flow/${flow.id}`);
      expect(JSON.stringify(res.body)).not.toContain('REAL');
      expect(keysOf(res.body.flow.flow, ai)).toMatchObject({ apiKey: '••••abcd', voiceKey: '••••wxyz' });
    }
    expect(keysOf(await storedGraph(flow.id), ai)).toMatchObject({ apiKey: KEY, voiceKey: VOICE });
  });

  it('sent back masked keep the stored keys; a new key replaces, an empty one clears', async () => {
    const { flow, ai, saved } = await flowWithKeys();
    const back = await saveGraph(ana.api, flow.id, saved.flow.flow!);
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(keysOf(await storedGraph(flow.id), ai)).toMatchObject({ apiKey: KEY, voiceKey: VOICE });
    // A node copied in the editor carries the mask of a key the flow holds: that key.
    const copy = nodeId();
    const copied = {
      nodes: [...saved.flow.flow!.nodes, { ...aiNode(copy, { apiKey: '••••abcd' }), position: { x: 900, y: 100 } }],
      connections: [edge('1', ai)],
    };
    expect((await saveGraph(ana.api, flow.id, copied)).status).toBe(200);
    expect(keysOf(await storedGraph(flow.id), copy).apiKey).toBe(KEY);
    const changed = { nodes: [start, aiNode(ai, { apiKey: 'sk-new-key', voiceKey: '' })], connections: [] };
    expect((await saveGraph(ana.api, flow.id, changed)).status).toBe(200);
    expect(keysOf(await storedGraph(flow.id), ai)).toMatchObject({ apiKey: 'sk-new-key', voiceKey: '' });
  });

  it('a mask that names no stored key is refused naming the field, and nothing changes', async () => {
    const { flow, ai } = await flowWithKeys();
    const stranger = nodeId();
    const res = await saveGraph(ana.api, flow.id, {
      nodes: [start, aiNode(ai, { apiKey: '••••abcd' }), aiNode(stranger, { apiKey: '••••zzzz' })],
      connections: [],
    });
    expectInvalid(res, 'nodes.2.data.typebotIntegration.apiKey');
    expect(keysOf(await storedGraph(flow.id), ai)).toMatchObject({ apiKey: KEY, voiceKey: VOICE });
  });

  it('a duplicate keeps the keys server-side and answers none of them', async () => {
    const { flow, ai } = await flowWithKeys();
    const res = await ana.api.post('/api/flowbuilder/duplicate', { flowId: flow.id });
    expect(res.status).toBe(201);
    expect(JSON.stringify(res.body)).not.toContain('REAL');
    expect(keysOf(await storedGraph(res.body.id), ai)).toMatchObject({ apiKey: KEY, voiceKey: VOICE });
    const copy = await ana.api.get(`/api/flowbuilder/flow/${res.body.id}`);
    expect(JSON.stringify(copy.body)).not.toContain('REAL');
    expect(keysOf(copy.body.flow.flow, ai)).toMatchObject({ apiKey: '••••abcd' });
  });
});
