import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import {
  expectError,
  expectInvalid,
  expectNoPermission,
  expectNotFound,
  expectSignedOut,
} from '../../../test/support/expect.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { useFakeChannels, type FakeChannels } from '../../../test/support/fake-channels.js';
import { inTenant } from '../../db/client.js';
import { channelKeys, prompts, queueIntegrations, queues, whatsapps } from '../../db/schema/index.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let planId: number;
let fakes: FakeChannels;
let q1: { id: number; name: string; color: string };
let q2: { id: number; name: string; color: string };
let queueB: { id: number };
/** A queue integration and a prompt of each company (what may hold a connection's tickets). */
let holdersA: { integrationId: number; promptId: number };
let holdersB: { integrationId: number; promptId: number };

beforeAll(async () => {
  t = await startTestApp();
  // Channels are fakes: nothing here depends on a real provider starting a session.
  fakes = await useFakeChannels(t);
  planId = (await createPlan(t, { users: 100, connections: 100 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
  q1 = await insertQueue(a.companyId);
  q2 = await insertQueue(a.companyId);
  queueB = await insertQueue(b.companyId);
  holdersA = await insertHolders(a.companyId, q1.id);
  holdersB = await insertHolders(b.companyId, queueB.id);
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');

/** Queues have no endpoints yet: straight into the company's scope. */
async function insertQueue(companyId: number) {
  const [row] = await inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx
      .insert(queues)
      .values({ companyId, name: `Queue ${uid()}`, color: `#${randomBytes(3).toString('hex')}` })
      .returning({ id: queues.id, name: queues.name, color: queues.color }),
  );
  return row!;
}

/** Integrations and prompts have their own tests: straight into the company's scope. */
function insertHolders(companyId: number, queueId: number) {
  return inTenant(t.running.deps.pools.db, companyId, async (tx) => {
    const [integration] = await tx
      .insert(queueIntegrations)
      .values({ companyId, type: 'webhook', name: `Hook ${uid()}`, urlN8N: 'https://hooks.example.com/x' })
      .returning({ id: queueIntegrations.id });
    const [prompt] = await tx
      .insert(prompts)
      .values({
        companyId,
        name: `Prompt ${uid()}`,
        prompt: 'p'.repeat(60),
        model: 'gpt-4o-mini',
        apiKey: 'sk-x',
        queueId,
      })
      .returning({ id: prompts.id });
    return { integrationId: integration!.id, promptId: prompt!.id };
  });
}

const newConnection = (patch: Record<string, unknown> = {}): Record<string, unknown> & { name: string } => ({
  name: `Conn ${uid()}`,
  ...patch,
});

async function create(tenant: Tenant, patch: Record<string, unknown> = {}) {
  const res = await tenant.admin.api.post('/api/whatsapp', newConnection(patch));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Record<string, any> & { id: number; token: string };
}

/** The connection as the company's admin reads it. */
const read = async (tenant: Tenant, id: number) => (await tenant.admin.api.get(`/api/whatsapp/${id}`)).body;
const list = async (tenant: Tenant) =>
  (await tenant.admin.api.get('/api/whatsapp')).body as Array<Record<string, any> & { id: number }>;
const named = async (tenant: Tenant, name: string) => (await list(tenant)).filter((c) => c.name === name);
/** The stored row, secrets and all (the platform role reads across companies). */
const row = async (id: number) =>
  (await t.running.deps.pools.platformDb.select().from(whatsapps).where(eq(whatsapps.id, id)))[0];
const defaultsOf = async (tenant: Tenant) => (await list(tenant)).filter((c) => c.isDefault).map((c) => c.id);

const connect = (token: string) => connectSocket(t.url, token);

/** The external API, called with a connection token. */
const sendExternal = (token: string) =>
  t.api.request(
    'POST',
    '/api/messages/send',
    { number: '5511987654321', body: 'hi' },
    { authorization: `Bearer ${token}` },
  );

/**
 * Waits until the registry handled every session request made so far: requests travel in
 * order on one channel, so once a later marker logout arrived, the earlier ones have too.
 */
async function settleSessionRequests(tenant: Tenant) {
  const marker = await create(tenant);
  await fakes.until(() => fakes.started.includes(marker.id), 'the marker session to start');
  await t.running.deps.sessions.request(marker.id, 'logout');
  await fakes.until(() => fakes.loggedOut.includes(marker.id), 'the marker logout');
  expect((await tenant.admin.api.delete(`/api/whatsapp/${marker.id}`)).status).toBe(204);
}

describe('GET /api/whatsapp', () => {
  it("answers a bare array of the company's connections with their queues", async () => {
    const mine = await create(a, { queueIds: [q1.id] });
    const theirs = await create(b);
    const res = await a.admin.api.get('/api/whatsapp');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((c: { id: number }) => c.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(res.body.find((c: { id: number }) => c.id === mine.id)).toMatchObject({
      name: mine.name,
      companyId: a.companyId,
      queueIds: [q1.id],
      queues: [{ id: q1.id, name: q1.name, color: q1.color }],
    });
    expect(res.body.every((c: Record<string, unknown>) => !('sessionWanted' in c))).toBe(true);
  });

  it('lets a plain user list the connections, without their API tokens', async () => {
    const conn = await create(a);
    const res = await staff.api.get('/api/whatsapp?session=0');
    expect(res.status).toBe(200);
    const seen = res.body.find((c: { id: number }) => c.id === conn.id);
    expect(seen).toMatchObject({ id: conn.id, name: conn.name, status: expect.any(String) });
    expect(seen.token).toBeUndefined();
    expect(JSON.stringify(res.body)).not.toContain(conn.token);
    // The admin sees it.
    expect((await list(a)).find((c) => c.id === conn.id)!.token).toBe(conn.token);
  });

  it('never shows the Cloud API secrets in full, to anyone', async () => {
    const accessToken = `EAAG${uid()}${uid()}${uid()}`;
    const appSecret = `secret${uid()}${uid()}`;
    const conn = await create(a, { provider: 'cloud', phoneNumberId: '1234567890', accessToken, appSecret });
    for (const api of [a.admin.api, staff.api]) {
      const res = await api.get('/api/whatsapp');
      const seen = res.body.find((c: { id: number }) => c.id === conn.id);
      expect(seen).toMatchObject({
        provider: 'cloud',
        phoneNumberId: '1234567890',
        accessToken: `••••${accessToken.slice(-4)}`,
        appSecret: `••••${appSecret.slice(-4)}`,
      });
      expect(JSON.stringify(res.body)).not.toContain(accessToken);
      expect(JSON.stringify(res.body)).not.toContain(appSecret);
    }
    // A plain user does not see the webhook verify token either.
    const plain = (await staff.api.get('/api/whatsapp')).body.find((c: { id: number }) => c.id === conn.id);
    expect(plain.verifyToken).toBeUndefined();
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/whatsapp'));
  });
});

describe('GET /api/whatsapp/{id}', () => {
  it('answers the connection with queues, queueIds, promptId, integrationId, transferQueueId and qrcode', async () => {
    const conn = await create(a, {
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Choose a department',
      transferQueueId: q2.id,
      timeToTransfer: 15,
      ...holdersA,
    });
    const res = await a.admin.api.get(`/api/whatsapp/${conn.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: conn.id,
      name: conn.name,
      queueIds: expect.arrayContaining([q1.id, q2.id]),
      transferQueueId: q2.id,
      timeToTransfer: 15,
      ...holdersA,
      qrcode: '',
      token: conn.token,
    });
    expect(res.body.queues).toHaveLength(2);
    expect(res.body.queues).toEqual(
      expect.arrayContaining([
        { id: q1.id, name: q1.name, color: q1.color },
        { id: q2.id, name: q2.name, color: q2.color },
      ]),
    );
  });

  it('answers a plain user too, without the token', async () => {
    const conn = await create(a);
    const res = await staff.api.get(`/api/whatsapp/${conn.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: conn.id, name: conn.name });
    expect(res.body.token).toBeUndefined();
  });

  it("answers 404 for another company's connection", async () => {
    const conn = await create(a);
    expectNotFound(await b.admin.api.get(`/api/whatsapp/${conn.id}`));
  });

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.get('/api/whatsapp/abc'), 'id');
    expectInvalid(await a.admin.api.get(`/api/whatsapp/${2 ** 31}`), 'id');
  });
});

describe('POST /api/whatsapp', () => {
  it("fills the spec's defaults and a random token, and asks for a session", async () => {
    const res = await a.admin.api.post('/api/whatsapp', { name: 'Defaults' });
    expect(res.status).toBe(201);
    const expected = {
      name: 'Defaults',
      companyId: a.companyId,
      provider: 'beta',
      maxUseBotQueues: 3,
      expiresTicket: 0,
      timeUseBotQueues: 0,
      timeToTransfer: null,
      transferQueueId: null,
      promptId: null,
      integrationId: null,
      greetingMessage: '',
      complationMessage: '',
      outOfHoursMessage: '',
      ratingMessage: '',
      expiresInactiveMessage: '',
      status: 'OPENING',
      queues: [],
      queueIds: [],
    };
    expect(res.body).toMatchObject(expected);
    expect(await read(a, res.body.id)).toMatchObject({ ...expected, token: res.body.token });
    expect(res.body.token).toMatch(/^\S{32,}$/);
    const other = await create(a);
    expect(other.token).not.toBe(res.body.token);
    await fakes.until(() => fakes.started.includes(res.body.id), 'the session to be started');
  });

  it('stores every field of the spec', async () => {
    const schedules = [
      ['Segunda-feira', 'monday'],
      ['Terça-feira', 'tuesday'],
      ['Quarta-feira', 'wednesday'],
      ['Quinta-feira', 'thursday'],
      ['Sexta-feira', 'friday'],
      ['Sábado', 'saturday'],
      ['Domingo', 'sunday'],
    ].map(([weekday, weekdayEn]) => ({ weekday, weekdayEn, startTime: '08:00', endTime: '18:00' }));
    const body = newConnection({
      provider: 'sandbox',
      greetingMessage: 'Olá!',
      complationMessage: 'Tchau',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      expiresInactiveMessage: 'Encerrado por inatividade',
      expiresTicket: 60,
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      timeToTransfer: 10,
      transferQueueId: q1.id,
      ...holdersA,
      queueIds: [q1.id],
      schedules,
    });
    const res = await a.admin.api.post('/api/whatsapp', body);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { queueIds, ...fields } = body;
    expect(await read(a, res.body.id)).toMatchObject({ ...fields, queueIds, queues: [q1] });
  });

  it("refuses an integration or prompt that is not the company's with 400 naming it, writing nothing", async () => {
    for (const [field, patch] of [
      ['integrationId', { integrationId: holdersB.integrationId }],
      ['promptId', { promptId: holdersB.promptId }],
      ['promptId', { promptId: 2_000_000_000 }],
    ] as const) {
      const body = newConnection(patch);
      expectInvalid(await a.admin.api.post('/api/whatsapp', body), field);
      expect(await named(a, body.name)).toEqual([]);
    }
    const conn = await create(a, holdersA);
    expectInvalid(
      await a.admin.api.put(`/api/whatsapp/${conn.id}`, { integrationId: holdersB.integrationId }),
      'integrationId',
    );
    expect(await read(a, conn.id)).toMatchObject(holdersA);
  });

  it('makes the first connection the default, not the second', async () => {
    const c = await createTenant(t, { planId });
    const first = await create(c);
    const second = await create(c);
    expect(first.isDefault).toBe(true);
    expect(second.isDefault).toBe(false);
    expect(await defaultsOf(c)).toEqual([first.id]);
  });

  it('moves the default to a connection created with isDefault', async () => {
    const c = await createTenant(t, { planId });
    await create(c);
    const chosen = await create(c, { isDefault: true });
    expect(chosen.isDefault).toBe(true);
    expect(await defaultsOf(c)).toEqual([chosen.id]);
  });

  it('keeps exactly one default when connections are created at the same time', async () => {
    const c = await createTenant(t, { planId });
    const firsts = await Promise.all([1, 2, 3].map(() => c.admin.api.post('/api/whatsapp', newConnection())));
    expect(firsts.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(await defaultsOf(c)).toHaveLength(1);
    const chosen = await Promise.all(
      [1, 2, 3].map(() => c.admin.api.post('/api/whatsapp', newConnection({ isDefault: true }))),
    );
    expect(chosen.map((r) => r.status)).toEqual([201, 201, 201]);
    const defaults = await defaultsOf(c);
    expect(defaults).toHaveLength(1);
    expect(chosen.map((r) => r.body.id)).toContain(defaults[0]);
  });

  it.each([
    ['name', { name: 'x' }],
    ['name', { name: 'x'.repeat(51) }],
    ['name', { name: undefined }],
    ['name', { name: '  x  ' }],
    ['provider', { provider: 'telegram' }],
    ['maxUseBotQueues', { maxUseBotQueues: -1 }],
    ['expiresTicket', { expiresTicket: 'soon' }],
    ['queueIds.0', { queueIds: [2 ** 31] }],
    ['token', { token: 'short-token' }],
    ['token', { token: null }],
    [
      'schedules',
      { schedules: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' }] },
    ],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const body = { name: `Bad ${uid()}`, ...patch };
    const before = (await list(a)).length;
    expectInvalid(await a.admin.api.post('/api/whatsapp', body), field);
    expect((await list(a)).length).toBe(before);
  });

  it('refuses schedules past a week at once, in a small answer, without stalling anyone else', async () => {
    // Each of 200,000 items used to be checked and named in `fields` (3.5 s, a 17 MB answer).
    const schedules = Array.from({ length: 200_000 }, () => ({}));
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => a.admin.api.post('/api/whatsapp', { name: 'Grande', schedules })),
    );
    const other = await a.admin.api.get('/api/whatsapp');
    const elapsed = performance.now() - started;
    for (const res of answers) {
      expectInvalid(res, 'schedules');
      expect(JSON.stringify(res.body).length).toBeLessThan(1_000);
    }
    expect(other.status).toBe(200);
    expect(elapsed).toBeLessThan(5_000); // five took 14 s each before
  });

  it("refuses another company's queue, or an unknown one, in queueIds and transferQueueId", async () => {
    for (const [field, patch] of [
      ['queueIds', { queueIds: [queueB.id] }],
      ['transferQueueId', { transferQueueId: queueB.id }],
      ['transferQueueId', { transferQueueId: 2_000_000_000 }],
    ] as const) {
      const body = newConnection(patch);
      expectInvalid(await a.admin.api.post('/api/whatsapp', body), field);
      expect(await named(a, body.name)).toEqual([]);
    }
  });

  it('answers ERR_WAPP_GREETING_REQUIRED for more than one queue without a greeting', async () => {
    const body = newConnection({ queueIds: [q1.id, q2.id] });
    expectError(await a.admin.api.post('/api/whatsapp', body), 400, 'ERR_WAPP_GREETING_REQUIRED');
    expectError(
      await a.admin.api.post('/api/whatsapp', { ...body, greetingMessage: '   ' }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect(await named(a, body.name)).toEqual([]);
    // With a greeting it is fine; one queue (even named twice) needs none.
    expect((await a.admin.api.post('/api/whatsapp', { ...body, greetingMessage: 'Hi!' })).status).toBe(201);
    const once = await create(a, { queueIds: [q1.id, q1.id] });
    expect(once.queueIds).toEqual([q1.id]);
  });

  it('needs phoneNumberId, accessToken and appSecret for a Cloud API connection', async () => {
    const body = newConnection({ provider: 'cloud' });
    const res = await a.admin.api.post('/api/whatsapp', body);
    for (const field of ['phoneNumberId', 'accessToken', 'appSecret']) expectInvalid(res, field);
    expect(await named(a, body.name)).toEqual([]);
  });

  it('generates the webhook verify token of a Cloud API connection, or keeps the one given', async () => {
    const cloud = {
      provider: 'cloud',
      phoneNumberId: '1098765432',
      accessToken: `EAAG${uid()}${uid()}`,
      appSecret: `app${uid()}`,
    };
    const generated = await create(a, cloud);
    expect(generated.verifyToken).toMatch(/^\S{32,}$/);
    expect((await row(generated.id))!.verifyToken).toBe(generated.verifyToken);
    const given = await create(a, { ...cloud, verifyToken: 'my-verify-token' });
    expect(given.verifyToken).toBe('my-verify-token');
    // Other providers have none.
    expect((await create(a)).verifyToken).toBeNull();
  });

  it('keeps the messages per second of a Cloud API connection (1–1000, 80 when never set), not of others', async () => {
    const cloud = {
      provider: 'cloud',
      phoneNumberId: '1098765433',
      accessToken: `EAAG${uid()}${uid()}`,
      appSecret: `app${uid()}`,
    };
    const plain = await create(a, cloud);
    expect(plain.messagesPerSecond).toBe(80);
    const paced = await create(a, { ...cloud, messagesPerSecond: '1000' });
    expect(paced.messagesPerSecond).toBe(1000);
    expect((await row(paced.id))!.messagesPerSecond).toBe(1000);
    const edited = await a.admin.api.put(`/api/whatsapp/${paced.id}`, { messagesPerSecond: 250 });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.body.messagesPerSecond).toBe(250);
    for (const bad of [0, 1001, 2.5, 'fast']) {
      expectInvalid(
        await a.admin.api.put(`/api/whatsapp/${paced.id}`, { messagesPerSecond: bad }),
        'messagesPerSecond',
      );
    }
    expect((await row(paced.id))!.messagesPerSecond).toBe(250);
    // WhatsApp Web numbers are paced by the campaigns' intervals: not stored for them.
    expect((await create(a, { messagesPerSecond: 500 })).messagesPerSecond).toBe(80);
  });

  it('uses a token given (16+ characters), and refuses one already in use', async () => {
    const token = `given-${uid()}-${uid()}`;
    const conn = await create(a, { token });
    expect((await row(conn.id))!.token).toBe(token);
    const body = newConnection({ token });
    expectInvalid(await b.admin.api.post('/api/whatsapp', body), 'token');
    expect(await named(b, body.name)).toEqual([]);
  });

  it('answers 403 ERR_PLAN_LIMIT, naming the limit, past the plan’s connection count', async () => {
    const c = await createTenant(t, { planId: (await createPlan(t, { connections: 2 })).id });
    await create(c);
    await create(c);
    const body = newConnection();
    const res = await c.admin.api.post('/api/whatsapp', body);
    expectError(res, 403, 'ERR_PLAN_LIMIT');
    expect(res.body.message).toMatch(/\b2\b/);
    expect(await list(c)).toHaveLength(2);
  });

  it('tells the admins over the socket (company-{id}-whatsapp), not the plain users', async () => {
    const [adminSocket, staffSocket] = [await connect(a.admin.token), await connect(staff.token)];
    try {
      const staffHeard: unknown[] = [];
      staffSocket.on(`company-${a.companyId}-whatsapp`, (payload) => staffHeard.push(payload));
      const heard = new Promise<any>((resolve) => adminSocket.once(`company-${a.companyId}-whatsapp`, resolve));
      const conn = await create(a);
      expect(await within(heard, 3_000, 'the whatsapp event')).toEqual({
        action: 'update',
        whatsapp: expect.objectContaining({ id: conn.id, name: conn.name }),
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(staffHeard).toEqual([]);
    } finally {
      adminSocket.close();
      staffSocket.close();
    }
  });

  it('is for admins: a plain user gets 403 and nothing is written', async () => {
    const body = newConnection();
    expectNoPermission(await staff.api.post('/api/whatsapp', body));
    expect(await named(a, body.name)).toEqual([]);
  });
});

describe('PUT /api/whatsapp/{id}', () => {
  it('changes what it names and keeps every other field', async () => {
    const conn = await create(a, {
      greetingMessage: 'Hello',
      maxUseBotQueues: 5,
      expiresTicket: 30,
      queueIds: [q1.id],
      transferQueueId: q1.id,
      promptId: holdersA.promptId,
    });
    const res = await a.admin.api.put(`/api/whatsapp/${conn.id}`, { name: 'Renamed Connection' });
    expect(res.status).toBe(200);
    const { updatedAt: _u, name: _n, ...unchanged } = conn;
    expect(await read(a, conn.id)).toMatchObject({ ...unchanged, name: 'Renamed Connection' });
  });

  it('changes queues, greeting and messages', async () => {
    const conn = await create(a, { queueIds: [q1.id] });
    const res = await a.admin.api.put(`/api/whatsapp/${conn.id}`, {
      queueIds: [q1.id, q2.id],
      greetingMessage: 'Pick one',
      complationMessage: 'Bye',
      maxUseBotQueues: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await read(a, conn.id)).toMatchObject({
      queueIds: expect.arrayContaining([q1.id, q2.id]),
      greetingMessage: 'Pick one',
      complationMessage: 'Bye',
      maxUseBotQueues: 1,
    });
    expect((await a.admin.api.put(`/api/whatsapp/${conn.id}`, { queueIds: [] })).status).toBe(200);
    expect((await read(a, conn.id)).queues).toEqual([]);
  });

  it('answers ERR_WAPP_GREETING_REQUIRED when the edit leaves several queues without a greeting', async () => {
    const conn = await create(a, { queueIds: [q1.id, q2.id], greetingMessage: 'Pick one' });
    expectError(
      await a.admin.api.put(`/api/whatsapp/${conn.id}`, { greetingMessage: '' }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    const single = await create(a, { queueIds: [q1.id] });
    expectError(
      await a.admin.api.put(`/api/whatsapp/${single.id}`, { queueIds: [q1.id, q2.id] }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect((await read(a, conn.id)).greetingMessage).toBe('Pick one');
    expect((await read(a, single.id)).queueIds).toEqual([q1.id]);
  });

  it('refuses to unset the default (ERR_NO_OTHER_WHATSAPP); making another the default moves it', async () => {
    const c = await createTenant(t, { planId });
    const first = await create(c);
    const second = await create(c);
    expectError(await c.admin.api.put(`/api/whatsapp/${first.id}`, { isDefault: false }), 400, 'ERR_NO_OTHER_WHATSAPP');
    expect(await defaultsOf(c)).toEqual([first.id]);
    expect((await c.admin.api.put(`/api/whatsapp/${second.id}`, { isDefault: true })).body.isDefault).toBe(true);
    expect(await defaultsOf(c)).toEqual([second.id]);
    // Unsetting a connection that is not the default changes nothing.
    expect((await c.admin.api.put(`/api/whatsapp/${first.id}`, { isDefault: false })).status).toBe(200);
    expect(await defaultsOf(c)).toEqual([second.id]);
  });

  it('keeps exactly one default when several edits ask for it at the same time', async () => {
    const c = await createTenant(t, { planId });
    const conns = [await create(c), await create(c), await create(c), await create(c)];
    const res = await Promise.all(conns.map((x) => c.admin.api.put(`/api/whatsapp/${x.id}`, { isDefault: true })));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await defaultsOf(c)).toHaveLength(1);
  });

  it('sets a token of 16+ characters; a shorter one is refused and the token stays', async () => {
    const conn = await create(a);
    const token = `custom-${uid()}-${uid()}`;
    expect((await a.admin.api.put(`/api/whatsapp/${conn.id}`, { token })).body.token).toBe(token);
    expect((await read(a, conn.id)).token).toBe(token);
    expectInvalid(await a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: 'tooshort' }), 'token');
    expect((await read(a, conn.id)).token).toBe(token);
    // Blank is the spec's form left empty: the token stays.
    expect((await a.admin.api.put(`/api/whatsapp/${conn.id}`, { token: '' })).status).toBe(200);
    expect((await read(a, conn.id)).token).toBe(token);
  });

  it('refuses a change of provider', async () => {
    const conn = await create(a, { provider: 'sandbox' });
    expectInvalid(await a.admin.api.put(`/api/whatsapp/${conn.id}`, { provider: 'beta' }), 'provider');
    expect((await read(a, conn.id)).provider).toBe('sandbox');
  });

  it('takes back what it showed: masked secrets sent back leave the real ones alone', async () => {
    const accessToken = `EAAG${uid()}${uid()}${uid()}`;
    const appSecret = `secret${uid()}${uid()}`;
    const conn = await create(a, { provider: 'cloud', phoneNumberId: '5550001111', accessToken, appSecret });
    const shown = await read(a, conn.id);
    const res = await a.admin.api.put(`/api/whatsapp/${conn.id}`, { ...shown, name: 'Cloud renamed' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await row(conn.id)).toMatchObject({
      name: 'Cloud renamed',
      accessToken,
      appSecret,
      phoneNumberId: '5550001111',
    });
    // A new secret replaces the old one.
    const newSecret = `rotated${uid()}${uid()}`;
    expect((await a.admin.api.put(`/api/whatsapp/${conn.id}`, { appSecret: newSecret })).status).toBe(200);
    expect((await row(conn.id))!.appSecret).toBe(newSecret);
  });

  it('takes back a beta connection as it was shown (nulls included), with a change', async () => {
    const conn = await create(a);
    const shown = await read(a, conn.id);
    const res = await a.admin.api.put(`/api/whatsapp/${conn.id}`, { ...shown, greetingMessage: 'Round trip' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await read(a, conn.id)).greetingMessage).toBe('Round trip');
  });

  it.each([
    ['name', () => ({ name: 'x' })],
    ['maxUseBotQueues', () => ({ maxUseBotQueues: 1000 })],
    ['queueIds', () => ({ queueIds: [queueB.id] })],
    ['transferQueueId', () => ({ transferQueueId: queueB.id })],
  ])('names the bad field %s and changes nothing', async (field, patch) => {
    const conn = await create(a, { queueIds: [q1.id] });
    const before = await read(a, conn.id);
    expectInvalid(await a.admin.api.put(`/api/whatsapp/${conn.id}`, patch()), field);
    expect(await read(a, conn.id)).toEqual(before);
  });

  it('is for admins: a plain user gets 403 and nothing changes', async () => {
    const conn = await create(a);
    expectNoPermission(await staff.api.put(`/api/whatsapp/${conn.id}`, { name: 'Hijacked' }));
    expect((await read(a, conn.id)).name).toBe(conn.name);
  });

  it("answers 404 to another company's admin, and nothing changes", async () => {
    const conn = await create(a);
    expectNotFound(
      await b.admin.api.put(`/api/whatsapp/${conn.id}`, { name: 'Hijacked', token: `stolen-${uid()}-${uid()}` }),
    );
    expect(await read(a, conn.id)).toMatchObject({ name: conn.name, token: conn.token });
  });
});

describe('POST /api/whatsapp/{id}/token', () => {
  it('generates a new token; the old one no longer opens the external API', async () => {
    const conn = await create(a);
    expect((await sendExternal(conn.token)).status).toBe(200);
    const res = await a.admin.api.post(`/api/whatsapp/${conn.id}/token`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: conn.id, token: expect.stringMatching(/^\S{32,}$/) });
    expect(res.body.token).not.toBe(conn.token);
    expect((await read(a, conn.id)).token).toBe(res.body.token);
    expectError(await sendExternal(conn.token), 401, 'ERR_INVALID_CREDENTIALS');
    expect((await sendExternal(res.body.token)).status).toBe(200);
  });

  it('is for admins: a plain user gets 403 and the token stays', async () => {
    const conn = await create(a);
    expectNoPermission(await staff.api.post(`/api/whatsapp/${conn.id}/token`));
    expect((await read(a, conn.id)).token).toBe(conn.token);
  });

  it("answers 404 to another company's admin, and the token stays", async () => {
    const conn = await create(a);
    expectNotFound(await b.admin.api.post(`/api/whatsapp/${conn.id}/token`));
    expect((await read(a, conn.id)).token).toBe(conn.token);
  });
});

describe('DELETE /api/whatsapp/{id}', () => {
  it('deletes the connection and logs its session out', async () => {
    const conn = await create(a);
    await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
    expect((await a.admin.api.delete(`/api/whatsapp/${conn.id}`)).status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/whatsapp/${conn.id}`));
    expect((await list(a)).map((c) => c.id)).not.toContain(conn.id);
    await fakes.until(() => fakes.loggedOut.includes(conn.id), 'the session to be logged out');
  });

  it('hands the default to the oldest remaining connection', async () => {
    const c = await createTenant(t, { planId });
    const first = await create(c);
    const second = await create(c);
    const third = await create(c, { isDefault: true });
    expect((await c.admin.api.delete(`/api/whatsapp/${third.id}`)).status).toBe(204);
    expect(await defaultsOf(c)).toEqual([first.id]);
    expect((await c.admin.api.delete(`/api/whatsapp/${first.id}`)).status).toBe(204);
    expect(await defaultsOf(c)).toEqual([second.id]);
  });

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.delete('/api/whatsapp/0'), 'id');
  });

  it('is for admins: a plain user gets 403 and the connection stays', async () => {
    const conn = await create(a);
    expectNoPermission(await staff.api.delete(`/api/whatsapp/${conn.id}`));
    expect((await a.admin.api.get(`/api/whatsapp/${conn.id}`)).status).toBe(200);
  });

  it("answers 404 to another company's admin: the connection stays and its session is not logged out", async () => {
    const conn = await create(a);
    await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
    expectNotFound(await b.admin.api.delete(`/api/whatsapp/${conn.id}`));
    expect((await a.admin.api.get(`/api/whatsapp/${conn.id}`)).status).toBe(200);
    await settleSessionRequests(b);
    expect(fakes.loggedOut).not.toContain(conn.id);
  });
});

describe('/api/whatsappsession/{id}', () => {
  /** Listens on an admin's and a plain user's socket for the company's session events. */
  async function listen() {
    const [adminSocket, staffSocket] = [await connect(a.admin.token), await connect(staff.token)];
    const staffHeard: unknown[] = [];
    staffSocket.on(`company-${a.companyId}-whatsappSession`, (payload) => staffHeard.push(payload));
    return {
      next: () => new Promise<any>((resolve) => adminSocket.once(`company-${a.companyId}-whatsappSession`, resolve)),
      staffHeard,
      close() {
        adminSocket.close();
        staffSocket.close();
      },
    };
  }

  it('DELETE disconnects: DISCONNECTED recorded and announced to admins only; the session logs out', async () => {
    const conn = await create(a);
    await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
    const sockets = await listen();
    try {
      const heard = sockets.next();
      const res = await a.admin.api.delete(`/api/whatsappsession/${conn.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: conn.id, status: 'DISCONNECTED', qrcode: '', retries: 0 });
      expect(await within(heard, 3_000, 'the session event')).toEqual({
        action: 'update',
        session: expect.objectContaining({ id: conn.id, status: 'DISCONNECTED', qrcode: '' }),
      });
      expect((await read(a, conn.id)).status).toBe('DISCONNECTED');
      await fakes.until(() => fakes.loggedOut.includes(conn.id), 'the logout');
      expect((await row(conn.id))!.sessionWanted).toBe(false);
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets.staffHeard).toEqual([]);
    } finally {
      sockets.close();
    }
  });

  it('DELETE forgets the pairing even when no process holds the session', async () => {
    const conn = await create(a);
    await inTenant(t.running.deps.pools.db, a.companyId, (tx) =>
      tx.insert(channelKeys).values({ companyId: a.companyId, whatsappId: conn.id, key: 'creds', value: { me: 'x' } }),
    );
    expect((await a.admin.api.delete(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    const left = await inTenant(t.running.deps.pools.db, a.companyId, (tx) =>
      tx.select().from(channelKeys).where(eq(channelKeys.whatsappId, conn.id)),
    );
    expect(left).toEqual([]);
  });

  it('POST starts it again: OPENING recorded and announced to admins only; the session starts', async () => {
    const conn = await create(a);
    await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
    expect((await a.admin.api.delete(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    await fakes.until(() => fakes.loggedOut.includes(conn.id), 'the logout');
    const startsBefore = fakes.started.filter((id) => id === conn.id).length;
    const sockets = await listen();
    try {
      const heard = sockets.next();
      const res = await a.admin.api.post(`/api/whatsappsession/${conn.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: conn.id, status: 'OPENING' });
      expect(await within(heard, 3_000, 'the session event')).toEqual({
        action: 'update',
        session: expect.objectContaining({ id: conn.id, status: 'OPENING' }),
      });
      expect((await read(a, conn.id)).status).toBe('OPENING');
      expect((await row(conn.id))!.sessionWanted).toBe(true);
      await fakes.until(
        () => fakes.started.filter((id) => id === conn.id).length > startsBefore,
        'the session to start again',
      );
      await new Promise((r) => setTimeout(r, 200));
      expect(sockets.staffHeard).toEqual([]);
    } finally {
      sockets.close();
    }
  });

  it('PUT asks for a new QR code: the live session restarts', async () => {
    const conn = await create(a);
    await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
    const res = await a.admin.api.put(`/api/whatsappsession/${conn.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: conn.id, status: 'OPENING', qrcode: '' });
    await fakes.until(() => fakes.stopped.includes(conn.id), 'the session to stop');
    await fakes.until(() => fakes.started.filter((id) => id === conn.id).length === 2, 'the session to start again');
    expect(fakes.loggedOut).not.toContain(conn.id);
  });

  it.each(['post', 'put', 'delete'] as const)(
    '%s is for admins: a plain user gets 403 and nothing changes',
    async (method) => {
      const conn = await create(a);
      const res = await staff.api[method](`/api/whatsappsession/${conn.id}`);
      expectNoPermission(res);
      expect(await row(conn.id)).toMatchObject({ status: 'OPENING', sessionWanted: true });
    },
  );

  it.each(['post', 'put', 'delete'] as const)(
    "%s answers 404 to another company's admin, and nothing changes",
    async (method) => {
      const conn = await create(a);
      await fakes.until(() => fakes.started.includes(conn.id), 'the session to start');
      expectNotFound(await b.admin.api[method](`/api/whatsappsession/${conn.id}`));
      expect(await row(conn.id)).toMatchObject({ status: 'OPENING', sessionWanted: true });
      await settleSessionRequests(b);
      expect(fakes.loggedOut).not.toContain(conn.id);
      expect(fakes.stopped).not.toContain(conn.id);
    },
  );

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.post('/api/whatsappsession/abc'), 'id');
  });
});
