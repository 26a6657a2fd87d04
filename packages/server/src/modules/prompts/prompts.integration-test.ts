import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { rawEvent } from '../../../test/support/raw-event.js';
import { inTenant } from '../../db/client.js';
import { prompts, queues, whatsapps } from '../../db/schema/index.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour, `noFlag` a company whose plan lacks useOpenAi. */
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let planId: number;
let queueA: Queue;
let queueB: Queue;

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { users: 100, connections: 100, queues: 100 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useOpenAi: false })).id });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
  queueA = await newQueue(a);
  queueB = await newQueue(b);
});
afterAll(() => t?.stop());

const uid = () => randomBytes(4).toString('hex');
type Queue = { id: number; name: string; color: string };
type Prompt = Record<string, any> & { id: number; name: string };

async function newQueue(tenant: Tenant): Promise<Queue> {
  const res = await tenant.admin.api.post('/api/queue', {
    name: `Fila ${uid()}`,
    color: `#${randomBytes(3).toString('hex')}`,
    greetingMessage: 'Olá! Escolha uma opção.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.id, name: res.body.name, color: res.body.color };
}

const SYSTEM = 'Você é a assistente da Loja Exemplo. Responda com cordialidade e em poucas frases.';
const apiKeyOf = () => `sk-proj-${randomBytes(24).toString('hex')}`;
const body = (patch: Record<string, unknown> = {}) => ({
  name: `Assistente ${uid()}`,
  prompt: SYSTEM,
  apiKey: apiKeyOf(),
  queueId: queueA.id,
  ...patch,
});

async function create(tenant: Tenant, patch: Record<string, unknown> = {}): Promise<Prompt> {
  const res = await tenant.admin.api.post(
    '/api/prompt',
    body({ ...(tenant === b ? { queueId: queueB.id } : {}), ...patch }),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The company's stored prompts (keys in full), read through its own scope. */
const stored = (companyId: number) =>
  inTenant(t.running.deps.pools.db, companyId, (tx) => tx.select().from(prompts).orderBy(prompts.id));
const storedOne = async (companyId: number, id: number) => (await stored(companyId)).find((r) => r.id === id);
const expectNoSecret = (answer: unknown, ...secrets: string[]) => {
  for (const secret of secrets) expect(JSON.stringify(answer)).not.toContain(secret.slice(0, -4));
};

describe('POST /api/prompt', () => {
  it("creates a prompt with the spec's defaults, its queue joined, the key masked (201)", async () => {
    const apiKey = apiKeyOf();
    const res = await a.admin.api.post('/api/prompt', {
      name: '  Atendente virtual  ',
      prompt: SYSTEM,
      apiKey,
      queueId: queueA.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      name: 'Atendente virtual',
      prompt: SYSTEM,
      // Defaults: a current model and room for a real answer.
      model: 'gpt-4o-mini',
      maxTokens: 500,
      temperature: 1,
      apiKey: `••••${apiKey.slice(-4)}`,
      queueId: queueA.id,
      queue: queueA,
      maxMessages: 10,
      voice: 'texto',
      voiceKey: '',
      voiceRegion: '',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expectNoSecret(res.body, apiKey);
    expect(await storedOne(a.companyId, res.body.id)).toMatchObject({ companyId: a.companyId, apiKey });
  });

  it('stores every field given, any model name the endpoint takes, and masks the voice key', async () => {
    const apiKey = apiKeyOf();
    const voiceKey = randomBytes(16).toString('hex');
    const fields = {
      name: 'Vendas com voz',
      prompt: SYSTEM,
      model: 'llama-3.1-8b-instruct',
      maxTokens: 512,
      temperature: 0.3,
      apiKey,
      queueId: queueA.id,
      maxMessages: 20,
      voice: 'pt-BR-FranciscaNeural',
      voiceKey,
      voiceRegion: 'brazilsouth',
    };
    const created = await create(a, fields);
    expect(created).toMatchObject({
      ...fields,
      apiKey: `••••${apiKey.slice(-4)}`,
      voiceKey: `••••${voiceKey.slice(-4)}`,
    });
    expectNoSecret(created, apiKey, voiceKey);
    expect(await storedOne(a.companyId, created.id)).toMatchObject(fields);
  });

  it.each<[string, Record<string, unknown>]>([
    ['name', { name: 'Abcd' }],
    ['name', { name: 'x'.repeat(101) }],
    ['prompt', { prompt: 'Curto demais' }],
    ['apiKey', { apiKey: '' }],
    ['apiKey', { apiKey: '••••abcd' }],
    ['voiceKey', { voiceKey: '••••abcd' }],
    ['queueId', { queueId: undefined }],
    ['queueId', { queueId: 'abc' }],
    ['maxTokens', { maxTokens: 0 }],
    ['temperature', { temperature: 1.5 }],
    ['maxMessages', { maxMessages: 51 }],
    ['voice', { voice: 'robot' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, patch) => {
    const before = await stored(a.companyId);
    expectInvalid(await a.admin.api.post('/api/prompt', body(patch)), field);
    expect(await stored(a.companyId)).toEqual(before);
  });

  it("refuses another company's queue, or an unknown one, with 400 naming queueId", async () => {
    const before = await stored(a.companyId);
    expectInvalid(await a.admin.api.post('/api/prompt', body({ queueId: queueB.id })), 'queueId');
    expectInvalid(await a.admin.api.post('/api/prompt', body({ queueId: 2_000_000_000 })), 'queueId');
    expect(await stored(a.companyId)).toEqual(before);
  });
});

describe('GET /api/prompt', () => {
  it('pages 20 at a time by name, searches the name in any case, counts every match', async () => {
    const x = await createTenant(t, { planId });
    const queue = await newQueue(x);
    const names = Array.from({ length: 22 }, (_, i) => `Assistente ${String(i).padStart(2, '0')}`);
    for (const name of [...names].reverse())
      expect((await x.admin.api.post('/api/prompt', body({ name, queueId: queue.id }))).status).toBe(201);
    const first = await x.admin.api.get('/api/prompt');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(22);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.prompts.map((p: Prompt) => p.name)).toEqual(names.slice(0, 20));
    expect(first.body.prompts[0].queue).toEqual(queue);
    const second = await x.admin.api.get('/api/prompt?pageNumber=2');
    expect(second.body).toEqual({
      prompts: names.slice(20).map((name) => expect.objectContaining({ name })),
      count: 22,
      hasMore: false,
    });
    const search = await x.admin.api.get('/api/prompt?searchParam=ASSISTENTE%200');
    expect(search.body.count).toBe(10);
  });

  it("lists no other company's prompts, and no key in full", async () => {
    const mine = await create(a);
    const theirs = await create(b, { name: mine.name });
    const res = await a.admin.api.get(`/api/prompt?searchParam=${encodeURIComponent(mine.name)}`);
    const ids = res.body.prompts.map((p: Prompt) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    const keys = (await stored(a.companyId)).map((p) => p.apiKey);
    expectNoSecret(res.body, ...keys);
  });
});

describe('GET /api/prompt/:id', () => {
  it("answers the prompt; another company's is 404", async () => {
    const mine = await create(a);
    const res = await a.admin.api.get(`/api/prompt/${mine.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine);
    expectNotFound(await b.admin.api.get(`/api/prompt/${mine.id}`));
    expectInvalid(await a.admin.api.get('/api/prompt/abc'), 'id');
  });
});

describe('PUT /api/prompt/:id', () => {
  it('changes the fields given; the masked keys sent back keep the stored ones', async () => {
    const apiKey = apiKeyOf();
    const voiceKey = randomBytes(16).toString('hex');
    const created = await create(a, { apiKey, voiceKey, voice: 'pt-BR-AntonioNeural', voiceRegion: 'eastus' });
    const other = await newQueue(a);
    // The form sends back everything it was shown.
    const { id: _id, queue: _queue, createdAt: _c, updatedAt: _u, ...shown } = created;
    const res = await a.admin.api.put(`/api/prompt/${created.id}`, {
      ...shown,
      name: 'Assistente editada',
      maxTokens: 300,
      queueId: other.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ...created,
      name: 'Assistente editada',
      maxTokens: 300,
      queueId: other.id,
      queue: other,
      updatedAt: expect.any(String),
    });
    // What the runtime reads: the keys as they were typed.
    expect(await storedOne(a.companyId, created.id)).toMatchObject({ apiKey, voiceKey, maxTokens: 300 });
    expect((await a.admin.api.get(`/api/prompt/${created.id}`)).body).toEqual(res.body);
  });

  it('takes a new key typed in full', async () => {
    const created = await create(a);
    const apiKey = apiKeyOf();
    const res = await a.admin.api.put(`/api/prompt/${created.id}`, { apiKey });
    expect(res.body.apiKey).toBe(`••••${apiKey.slice(-4)}`);
    expectNoSecret(res.body, apiKey);
    expect((await storedOne(a.companyId, created.id))?.apiKey).toBe(apiKey);
  });

  it('refuses bad input with 400 naming the field and keeps the prompt', async () => {
    const created = await create(a);
    const before = await storedOne(a.companyId, created.id);
    for (const [field, patch] of [
      ['name', { name: 'x' }],
      ['prompt', { prompt: 'curto' }],
      ['temperature', { temperature: -0.1 }],
      ['queueId', { queueId: queueB.id }],
      ['queueId', { queueId: null }],
      ['voiceKey', { voiceKey: '••••abcd' }],
    ] as const) {
      expectInvalid(await a.admin.api.put(`/api/prompt/${created.id}`, patch), field);
    }
    expect(await storedOne(a.companyId, created.id)).toEqual(before);
  });

  it("answers 404 for another company's prompt and changes nothing", async () => {
    const theirs = await create(b);
    expectNotFound(await a.admin.api.put(`/api/prompt/${theirs.id}`, { name: 'Sequestrada' }));
    expect((await storedOne(b.companyId, theirs.id))?.name).toBe(theirs.name);
  });
});

describe('DELETE /api/prompt/:id', () => {
  it('deletes it with a message for the toast; queues and connections that used it are left without one', async () => {
    const created = await create(a);
    const queue = await a.admin.api.post('/api/queue', {
      name: `Fila ${uid()}`,
      color: `#${randomBytes(3).toString('hex')}`,
      greetingMessage: 'Olá',
      promptId: created.id,
    });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const connection = await a.admin.api.post('/api/whatsapp', {
      name: `Conexão ${uid()}`,
      provider: 'sandbox',
      promptId: created.id,
    });
    expect(connection.status, JSON.stringify(connection.body)).toBe(201);
    const admin = await connectSocket(t.url, a.admin.token);
    try {
      const queueEvents: any[] = [];
      admin.on(`company-${a.companyId}-queue`, (e: unknown) => queueEvents.push(e));
      const res = await a.admin.api.delete(`/api/prompt/${created.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'Prompt deleted' });
      expect(await storedOne(a.companyId, created.id)).toBeUndefined();
      const [q] = await inTenant(t.running.deps.pools.db, a.companyId, (tx) =>
        tx.select().from(queues).where(eq(queues.id, queue.body.id)),
      );
      expect(q?.promptId).toBeNull();
      const [w] = await inTenant(t.running.deps.pools.db, a.companyId, (tx) =>
        tx.select().from(whatsapps).where(eq(whatsapps.id, connection.body.id)),
      );
      expect(w?.promptId).toBeNull();
      // The queues page hears that the queue lost its prompt.
      await eventually(() => queueEvents.length >= 1, 3_000, 'the queue update');
      expect(queueEvents[0]).toEqual({
        action: 'update',
        queue: expect.objectContaining({ id: queue.body.id, promptId: null }),
      });
    } finally {
      admin.disconnect();
    }
  });

  it("answers 404 for another company's prompt, which stays", async () => {
    const theirs = await create(b);
    expectNotFound(await a.admin.api.delete(`/api/prompt/${theirs.id}`));
    expect(await storedOne(b.companyId, theirs.id)).toBeDefined();
  });
});

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', '/api/prompt'],
      ['GET', `/api/prompt/${id}`],
      ['POST', '/api/prompt', body()],
      ['PUT', `/api/prompt/${id}`, { name: 'Changed name' }],
      ['DELETE', `/api/prompt/${id}`],
    ] as const;

  it('refuses a plain user on every route with 403, writing nothing', async () => {
    const created = await create(a);
    const before = await stored(a.companyId);
    for (const [method, path, payload] of routes(created.id))
      expectNoPermission(await staff.api.request(method, path, payload));
    expect(await stored(a.companyId)).toEqual(before);
  });

  it('refuses a company whose plan lacks useOpenAi on every route with 403 ERR_NO_PERMISSION', async () => {
    const [row] = await inTenant(t.running.deps.pools.db, noFlag.companyId, (tx) =>
      tx
        .insert(prompts)
        .values({ companyId: noFlag.companyId, name: 'Antiga', prompt: SYSTEM, model: 'gpt-4o-mini', apiKey: 'sk-old' })
        .returning(),
    );
    for (const [method, path, payload] of routes(row!.id))
      expectError(await noFlag.admin.api.request(method, path, payload), 403, 'ERR_NO_PERMISSION');
    expect(await stored(noFlag.companyId)).toEqual([row]);
  });
});

describe('events', () => {
  function listen(socket: Socket, name: string) {
    const heard: any[] = [];
    socket.on(name, (payload: unknown) => heard.push(payload));
    return heard;
  }

  it('tells the admins (company-{id}-prompt, keys masked), not the plain users', async () => {
    const admin = await connectSocket(t.url, a.admin.token);
    const user = await connectSocket(t.url, staff.token);
    try {
      const heard = listen(admin, `company-${a.companyId}-prompt`);
      const overheard = listen(user, `company-${a.companyId}-prompt`);
      const markers = listen(user, `company-${a.companyId}-queue`);
      const apiKey = apiKeyOf();
      const created = await create(a, { apiKey });
      await eventually(() => heard.length >= 1, 3_000, 'the create event');
      expect(heard[0]).toEqual({ action: 'create', prompt: created });
      const updated = (await a.admin.api.put(`/api/prompt/${created.id}`, { temperature: 0.5 })).body;
      await eventually(() => heard.length >= 2, 3_000, 'the update event');
      expect(heard[1]).toEqual({ action: 'update', prompt: updated });
      expect((await a.admin.api.delete(`/api/prompt/${created.id}`)).status).toBe(200);
      await eventually(() => heard.length >= 3, 3_000, 'the delete event');
      expect(heard[2]).toEqual({ action: 'delete', promptId: created.id });
      expectNoSecret(heard, apiKey);
      // Events reach a socket in order: once the user hears a later marker, the others would have come.
      t.running.deps.realtime.publish([rawEvent(a.companyId, 'queue', { action: 'marker' }, { to: 'company' })]);
      await eventually(() => markers.length >= 1, 3_000, 'the marker');
      expect(overheard).toEqual([]);
    } finally {
      admin.disconnect();
      user.disconnect();
    }
  });
});
