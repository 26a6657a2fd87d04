import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { readServiceAccount } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { rawEvent } from '../../../test/support/raw-event.js';
import {
  makeServiceAccount,
  startFakeDialogflow,
  type FakeDialogflow,
  type FakeServiceAccount,
} from '../../../test/support/fake-dialogflow.js';
import { inTenant } from '../../db/client.js';
import { queueIntegrations, queues } from '../../db/schema/index.js';
import { detectIntent } from './dialogflow-client.js';

let t: TestApp;
let fake: FakeDialogflow;
/** `a` is the company under test, `b` its neighbour, `noFlag` a company whose plan lacks useIntegrations. */
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let planId: number;

beforeAll(async () => {
  fake = await startFakeDialogflow();
  t = await startTestApp({ DIALOGFLOW_API_URL: fake.url });
  planId = (await createPlan(t, { users: 100, connections: 100, queues: 100 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useIntegrations: false })).id });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
});
afterAll(async () => {
  await t?.stop();
  await fake?.close();
});

const uid = () => randomBytes(4).toString('hex');
type Integration = Record<string, any> & { id: number; name: string; type: string };

const webhook = (patch: Record<string, unknown> = {}) => ({
  type: 'webhook',
  name: `Hook ${uid()}`,
  urlN8N: 'https://hooks.example.com/balcao',
  ...patch,
});
/** A Dialogflow integration's body with a key file of an account the fake trusts. */
const dialogflow = (account: FakeServiceAccount, patch: Record<string, unknown> = {}) => ({
  type: 'dialogflow',
  name: `Agent ${uid()}`,
  projectName: account.keyFile.project_id,
  jsonContent: JSON.stringify(account.keyFile),
  language: 'pt-BR',
  ...patch,
});

async function create(tenant: Tenant, body: Record<string, unknown> = webhook()): Promise<Integration> {
  const res = await tenant.admin.api.post('/api/queueIntegration', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The company's stored integrations (secrets in full), read through its own scope. */
const stored = (companyId: number) =>
  inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx.select().from(queueIntegrations).orderBy(queueIntegrations.id),
  );
const storedOne = async (companyId: number, id: number) => (await stored(companyId)).find((r) => r.id === id);

/** One line of a PEM's base64 body: what would show if any part of the key leaked. */
const keyLine = (pem: string) => pem.split('\n')[3]!;
const expectNoKey = (answer: unknown, pem: string) => {
  expect(keyLine(pem).length).toBeGreaterThan(40);
  expect(JSON.stringify(answer)).not.toContain(keyLine(pem));
};

async function newFlow(tenant: Tenant) {
  const res = await tenant.admin.api.post('/api/flowbuilder', { name: `Fluxo ${uid()}` });
  expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
  return res.body as { id: number };
}

describe('POST /api/queueIntegration', () => {
  it("creates a webhook with the spec's defaults, its projectName the name and a random signing key (201)", async () => {
    const res = await a.admin.api.post('/api/queueIntegration', webhook({ name: '  Pedidos  ', projectName: 'x' }));
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      type: 'webhook',
      name: 'Pedidos',
      projectName: 'Pedidos',
      jsonContent: '',
      language: 'pt-BR',
      urlN8N: 'https://hooks.example.com/balcao',
      typebotSlug: '',
      typebotExpires: 1,
      typebotKeywordFinish: '',
      typebotKeywordRestart: '',
      typebotRestartMessage: '',
      typebotUnknownMessage: '',
      typebotDelayMessage: 1000,
      signingSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedOne(a.companyId, res.body.id)).toMatchObject({
      companyId: a.companyId,
      name: 'Pedidos',
      projectName: 'Pedidos',
      signingSecret: res.body.signingSecret,
    });
    const other = await create(a, webhook({ type: 'n8n' }));
    expect(other.signingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(other.signingSecret).not.toBe(res.body.signingSecret);
  });

  it('creates a typebot with every field; projectName is its name, and no signing key', async () => {
    const body = {
      type: 'typebot',
      name: 'Typebot vendas',
      projectName: 'ignored',
      urlN8N: 'https://typebot.example.com',
      typebotSlug: 'vendas-abc',
      typebotExpires: 30,
      typebotKeywordFinish: '#sair',
      typebotKeywordRestart: '#reiniciar',
      typebotRestartMessage: 'Recomeçando…',
      typebotUnknownMessage: 'Não entendi',
      typebotDelayMessage: 500,
    };
    const created = await create(a, body);
    expect(created).toMatchObject({ ...body, projectName: 'Typebot vendas', signingSecret: '', language: 'pt-BR' });
    expect(await storedOne(a.companyId, created.id)).toMatchObject({ ...body, projectName: 'Typebot vendas' });
  });

  it('creates a dialogflow integration: the key stored in full, answered masked', async () => {
    const account = fake.serviceAccount();
    const created = await create(a, dialogflow(account, { language: 'en' }));
    expect(created).toMatchObject({ type: 'dialogflow', projectName: account.keyFile.project_id, language: 'en' });
    expect(created.signingSecret).toBe('');
    const shown = JSON.parse(created.jsonContent);
    expect(shown).toEqual({ ...account.keyFile, private_key: expect.stringMatching(/^••••/) });
    expectNoKey(created, account.keyFile.private_key);
    const row = await storedOne(a.companyId, created.id);
    expect(readServiceAccount(row!.jsonContent)?.private_key).toBe(account.keyFile.private_key);
  });

  it("creates a flowbuilder integration naming a flow of the company; another company's flow is 400", async () => {
    const flow = await newFlow(a);
    const created = await create(a, {
      type: 'flowbuilder',
      name: 'Fluxo boas-vindas',
      jsonContent: `{"flowId": ${flow.id}}`,
    });
    expect(created).toMatchObject({ projectName: 'Fluxo boas-vindas', jsonContent: `{"flowId": ${flow.id}}` });
    const theirs = await newFlow(b);
    const before = (await stored(a.companyId)).length;
    for (const jsonContent of [`{"flowId": ${theirs.id}}`, '{"flowId": 2000000000}']) {
      expectInvalid(
        await a.admin.api.post('/api/queueIntegration', { type: 'flowbuilder', name: 'Fluxo', jsonContent }),
        'jsonContent',
      );
    }
    expect((await stored(a.companyId)).length).toBe(before);
  });

  const account = () => makeServiceAccount('https://oauth2.example.com');
  it.each<[string, () => Record<string, unknown>]>([
    ['name', () => webhook({ name: 'A' })],
    ['name', () => webhook({ name: 'x'.repeat(51) })],
    ['type', () => webhook({ type: 'zapier' })],
    ['urlN8N', () => webhook({ urlN8N: '' })],
    ['urlN8N', () => webhook({ urlN8N: 'ftp://hooks.example.com' })],
    ['typebotSlug', () => ({ type: 'typebot', name: 'Bot', urlN8N: 'https://typebot.example.com' })],
    ['typebotDelayMessage', () => webhook({ typebotDelayMessage: -1 })],
    ['typebotExpires', () => webhook({ typebotExpires: 1_000_000 })],
    ['language', () => webhook({ language: 'fr' })],
    ['jsonContent', () => ({ type: 'dialogflow', name: 'Agent', jsonContent: '{}' })],
    ['jsonContent', () => ({ type: 'dialogflow', name: 'Agent', jsonContent: 'not json' })],
    [
      'jsonContent',
      () => dialogflow(account(), { jsonContent: JSON.stringify({ ...account().keyFile, private_key: 'not a key' }) }),
    ],
    [
      'jsonContent',
      () =>
        dialogflow(account(), { jsonContent: JSON.stringify({ ...account().keyFile, private_key: '••••' + 'KEY-' }) }),
    ],
    ['jsonContent', () => ({ type: 'flowbuilder', name: 'Fluxo', jsonContent: '{"flowId": "x"}' })],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, body) => {
    const before = await stored(a.companyId);
    expectInvalid(await a.admin.api.post('/api/queueIntegration', body()), field);
    expect(await stored(a.companyId)).toEqual(before);
  });
});

describe('GET /api/queueIntegration', () => {
  it('pages 20 at a time by name, searches the name in any case, counts every match', async () => {
    const x = await createTenant(t, { planId });
    const names = Array.from({ length: 23 }, (_, i) => `Integração ${String(i).padStart(2, '0')}`);
    for (const name of [...names].reverse()) await create(x, webhook({ name }));
    await create(x, webhook({ name: 'Outra coisa' }));
    const first = await x.admin.api.get('/api/queueIntegration');
    expect(first.status).toBe(200);
    expect(first.body.count).toBe(24);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.queueIntegrations.map((i: Integration) => i.name)).toEqual(names.slice(0, 20));
    const second = await x.admin.api.get('/api/queueIntegration?pageNumber=2');
    expect(second.body.queueIntegrations.map((i: Integration) => i.name)).toEqual([...names.slice(20), 'Outra coisa']);
    expect(second.body.hasMore).toBe(false);
    const search = await x.admin.api.get(`/api/queueIntegration?searchParam=${encodeURIComponent('INTEGRAÇÃO 2')}`);
    expect(search.body).toEqual({
      queueIntegrations: names.slice(20).map((name) => expect.objectContaining({ name })),
      count: 3,
      hasMore: false,
    });
  });

  it("lists no other company's integrations, and masks every key", async () => {
    const account = fake.serviceAccount();
    const mine = await create(a, dialogflow(account));
    const theirs = await create(b);
    const res = await a.admin.api.get('/api/queueIntegration?pageNumber=1');
    const all = [...res.body.queueIntegrations];
    for (let page = 2; res.body.hasMore && all.length < res.body.count; page++)
      all.push(...(await a.admin.api.get(`/api/queueIntegration?pageNumber=${page}`)).body.queueIntegrations);
    const ids = all.map((i: Integration) => i.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(all.length).toBe((await stored(a.companyId)).length);
    expectNoKey(all, account.keyFile.private_key);
  });
});

describe('GET /api/queueIntegration/:id', () => {
  it("answers the integration (key masked); another company's is 404", async () => {
    const account = fake.serviceAccount();
    const mine = await create(a, dialogflow(account));
    const res = await a.admin.api.get(`/api/queueIntegration/${mine.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(mine);
    expectNoKey(res.body, account.keyFile.private_key);
    expectNotFound(await b.admin.api.get(`/api/queueIntegration/${mine.id}`));
    expectInvalid(await a.admin.api.get('/api/queueIntegration/abc'), 'id');
  });
});

describe('PUT /api/queueIntegration/:id', () => {
  it('changes the fields given; projectName follows the name; the signing key stays', async () => {
    const hook = await create(a);
    const res = await a.admin.api.put(`/api/queueIntegration/${hook.id}`, {
      name: 'Renomeado',
      urlN8N: 'https://other.example.com/x',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      ...hook,
      name: 'Renomeado',
      projectName: 'Renomeado',
      urlN8N: 'https://other.example.com/x',
      updatedAt: expect.any(String),
    });
    expect((await a.admin.api.get(`/api/queueIntegration/${hook.id}`)).body).toEqual(res.body);
  });

  it('keeps the stored key when the masked key file comes back, and the stored key still works', async () => {
    const account = fake.serviceAccount();
    const created = await create(a, dialogflow(account));
    const res = await a.admin.api.put(`/api/queueIntegration/${created.id}`, {
      ...created,
      name: 'Agente renomeado',
      language: 'es',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Agente renomeado', language: 'es', jsonContent: created.jsonContent });
    expectNoKey(res.body, account.keyFile.private_key);
    const row = await storedOne(a.companyId, created.id);
    const kept = readServiceAccount(row!.jsonContent)!;
    expect(kept.private_key).toBe(account.keyFile.private_key);
    // What the runtime will do with the stored row: the agent answers.
    expect(await detectIntent(t.running.deps.config, kept, 'ticket-1', 'Oi', row!.language)).toEqual([
      'Você disse: Oi',
    ]);
  });

  it('takes a new key file in full', async () => {
    const first = fake.serviceAccount();
    const created = await create(a, dialogflow(first));
    const second = fake.serviceAccount();
    const res = await a.admin.api.put(`/api/queueIntegration/${created.id}`, {
      jsonContent: JSON.stringify(second.keyFile),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expectNoKey(res.body, second.keyFile.private_key);
    const row = await storedOne(a.companyId, created.id);
    expect(readServiceAccount(row!.jsonContent)?.private_key).toBe(second.keyFile.private_key);
  });

  it('checks the whole against its type: a type changed alone must find what it needs (400, nothing changed)', async () => {
    const hook = await create(a);
    const before = await storedOne(a.companyId, hook.id);
    expectInvalid(await a.admin.api.put(`/api/queueIntegration/${hook.id}`, { type: 'dialogflow' }), 'jsonContent');
    expectInvalid(await a.admin.api.put(`/api/queueIntegration/${hook.id}`, { type: 'typebot' }), 'typebotSlug');
    expectInvalid(await a.admin.api.put(`/api/queueIntegration/${hook.id}`, { urlN8N: '' }), 'urlN8N');
    expectInvalid(await a.admin.api.put(`/api/queueIntegration/${hook.id}`, { name: 'x' }), 'name');
    // A masked key where none is stored is no key.
    const masked = JSON.stringify({ ...makeServiceAccount(fake.url).keyFile, private_key: '••••-----' });
    expectInvalid(
      await a.admin.api.put(`/api/queueIntegration/${hook.id}`, { type: 'dialogflow', jsonContent: masked }),
      'jsonContent',
    );
    expect(await storedOne(a.companyId, hook.id)).toEqual(before);
  });

  it('gives a webhook its signing key when another type becomes one, and none to the other types', async () => {
    const account = fake.serviceAccount();
    const agent = await create(a, dialogflow(account));
    const res = await a.admin.api.put(`/api/queueIntegration/${agent.id}`, {
      type: 'webhook',
      urlN8N: 'https://hooks.example.com/y',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ type: 'webhook', projectName: agent.name });
    expect(res.body.signingSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The key file left in jsonContent is still a secret.
    expectNoKey(res.body, account.keyFile.private_key);
    const back = await a.admin.api.put(`/api/queueIntegration/${agent.id}`, { type: 'typebot', typebotSlug: 'bot' });
    expect(back.body.signingSecret).toBe('');
  });

  it("answers 404 for another company's integration and changes nothing", async () => {
    const theirs = await create(b);
    expectNotFound(await a.admin.api.put(`/api/queueIntegration/${theirs.id}`, { name: 'Hijacked' }));
    expect((await storedOne(b.companyId, theirs.id))?.name).toBe(theirs.name);
  });
});

describe('DELETE /api/queueIntegration/:id', () => {
  it('deletes it (204); a queue that used it is left without one', async () => {
    const hook = await create(a);
    const queue = await a.admin.api.post('/api/queue', {
      name: `Fila ${uid()}`,
      color: `#${randomBytes(3).toString('hex')}`,
      greetingMessage: 'Olá',
      integrationId: hook.id,
    });
    expect(queue.status, JSON.stringify(queue.body)).toBe(201);
    const res = await a.admin.api.delete(`/api/queueIntegration/${hook.id}`);
    expect(res.status).toBe(204);
    expect(await storedOne(a.companyId, hook.id)).toBeUndefined();
    expectNotFound(await a.admin.api.get(`/api/queueIntegration/${hook.id}`));
    const [row] = await inTenant(t.running.deps.pools.db, a.companyId, (tx) =>
      tx.select().from(queues).where(eq(queues.id, queue.body.id)),
    );
    expect(row?.integrationId).toBeNull();
  });

  it("answers 404 for another company's integration, which stays", async () => {
    const theirs = await create(b);
    expectNotFound(await a.admin.api.delete(`/api/queueIntegration/${theirs.id}`));
    expect(await storedOne(b.companyId, theirs.id)).toBeDefined();
  });
});

describe('access', () => {
  const routes = (id: number) =>
    [
      ['GET', '/api/queueIntegration'],
      ['GET', `/api/queueIntegration/${id}`],
      ['POST', '/api/queueIntegration', webhook()],
      ['POST', '/api/queueIntegration/testSession', { jsonContent: '{}' }],
      ['PUT', `/api/queueIntegration/${id}`, { name: 'Changed' }],
      ['DELETE', `/api/queueIntegration/${id}`],
    ] as const;

  it('refuses a plain user on every route with 403, writing nothing', async () => {
    const hook = await create(a);
    const before = await stored(a.companyId);
    for (const [method, path, body] of routes(hook.id)) expectNoPermission(await staff.api.request(method, path, body));
    expect(await stored(a.companyId)).toEqual(before);
  });

  it('refuses a company whose plan lacks useIntegrations on every route with 403 ERR_NO_PERMISSION', async () => {
    const [hook] = await inTenant(t.running.deps.pools.db, noFlag.companyId, (tx) =>
      tx
        .insert(queueIntegrations)
        .values({ companyId: noFlag.companyId, type: 'webhook', name: 'Old hook', urlN8N: 'https://x.example.com' })
        .returning(),
    );
    for (const [method, path, body] of routes(hook!.id)) {
      const res = await noFlag.admin.api.request(method, path, body);
      expectError(res, 403, 'ERR_NO_PERMISSION');
    }
    expect(await stored(noFlag.companyId)).toEqual([hook]);
  });
});

describe('events', () => {
  /** Everything a socket hears on one event name. */
  function listen(socket: Socket, name: string) {
    const heard: any[] = [];
    socket.on(name, (payload: unknown) => heard.push(payload));
    return heard;
  }

  it('tells the admins (company-{id}-queueIntegration, keys masked), not the plain users', async () => {
    const admin = await connectSocket(t.url, a.admin.token);
    const user = await connectSocket(t.url, staff.token);
    try {
      const heard = listen(admin, `company-${a.companyId}-queueIntegration`);
      const overheard = listen(user, `company-${a.companyId}-queueIntegration`);
      const markers = listen(user, `company-${a.companyId}-queue`);
      const account = fake.serviceAccount();
      const created = await create(a, dialogflow(account));
      await eventually(() => heard.length >= 1, 3_000, 'the create event');
      expect(heard[0]).toEqual({ action: 'create', queueIntegration: created });
      const updated = (await a.admin.api.put(`/api/queueIntegration/${created.id}`, { name: 'Novo nome' })).body;
      await eventually(() => heard.length >= 2, 3_000, 'the update event');
      expect(heard[1]).toEqual({ action: 'update', queueIntegration: updated });
      expect((await a.admin.api.delete(`/api/queueIntegration/${created.id}`)).status).toBe(204);
      await eventually(() => heard.length >= 3, 3_000, 'the delete event');
      expect(heard[2]).toEqual({ action: 'delete', integrationId: created.id });
      expectNoKey(heard, account.keyFile.private_key);
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

describe('POST /api/queueIntegration/testSession', () => {
  const test = (body: Record<string, unknown>) => a.admin.api.post('/api/queueIntegration/testSession', body);

  it('answers ok with the replies; one token serves both calls (cached)', async () => {
    const account = fake.serviceAccount();
    fake.answer((text) => [`Olá! Você disse ${text}.`, 'Como posso ajudar?']);
    const tokensBefore = fake.counts.tokenRequests;
    const detectsBefore = fake.detects.length;
    const body = { projectName: 'x', jsonContent: JSON.stringify(account.keyFile), language: 'en' };
    const first = await test(body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toEqual({ ok: true, replies: ['Olá! Você disse Olá.', 'Como posso ajudar?'] });
    const second = await test({ ...body, text: 'Quero um pedido' });
    expect(second.body).toEqual({ ok: true, replies: ['Olá! Você disse Quero um pedido.', 'Como posso ajudar?'] });
    expect(fake.counts.tokenRequests - tokensBefore).toBe(1);
    const calls = fake.detects.slice(detectsBefore);
    expect(calls.map((c) => [c.projectId, c.text, c.languageCode])).toEqual([
      [account.keyFile.project_id, 'Olá', 'en'],
      [account.keyFile.project_id, 'Quero um pedido', 'en'],
    ]);
    expectNoKey([first.body, second.body], account.keyFile.private_key);
    fake.answer((text) => [`Você disse: ${text}`]);
  });

  it("answers an agent's fulfillmentText when it has no messages", async () => {
    const account = fake.serviceAccount();
    fake.answer(() => ({ fulfillmentText: 'Só texto' }));
    try {
      const res = await test({ jsonContent: JSON.stringify(account.keyFile) });
      expect(res.body).toEqual({ ok: true, replies: ['Só texto'] });
    } finally {
      fake.answer((text) => [`Você disse: ${text}`]);
    }
  });

  it('asks for a new token when the key changes (never the old key’s token)', async () => {
    const account = fake.serviceAccount();
    expect((await test({ jsonContent: JSON.stringify(account.keyFile) })).body.ok).toBe(true);
    // The same account with a new key: the fake trusts the new key only.
    const renewed = makeServiceAccount(fake.url, account.keyFile.project_id);
    const rotated = { ...renewed, keyFile: { ...renewed.keyFile, client_email: account.keyFile.client_email } };
    fake.trust(rotated);
    const before = fake.counts.tokenRequests;
    const res = await test({ jsonContent: JSON.stringify(rotated.keyFile) });
    expect(res.body, JSON.stringify(res.body)).toEqual({ ok: true, replies: ['Você disse: Olá'] });
    expect(fake.counts.tokenRequests - before).toBe(1);
  });

  it("answers ok:false with the token endpoint's status, never its words (a token_uri may aim anywhere)", async () => {
    const stranger = makeServiceAccount(fake.url); // never trusted
    const unknown = await test({ jsonContent: JSON.stringify(stranger.keyFile) });
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({
      ok: false,
      replies: [],
      error: expect.stringMatching(/^The token endpoint answered 4\d\d$/),
    });
    // A trusted account's file with another key: the signature does not verify.
    const account = fake.serviceAccount();
    const wrongKey = { ...account.keyFile, private_key: stranger.keyFile.private_key };
    const refused = await test({ jsonContent: JSON.stringify(wrongKey) });
    expect(refused.body).toEqual({
      ok: false,
      replies: [],
      error: expect.stringMatching(/^The token endpoint answered 4\d\d$/),
    });
    expect(JSON.stringify([unknown.body, refused.body])).not.toMatch(/account not found|Invalid JWT Signature/);
    expectNoKey(refused.body, stranger.keyFile.private_key);
  });

  it('answers ok:false when the agent fails or cannot be reached', async () => {
    const account = fake.serviceAccount();
    fake.answer(() => ({ status: 500, message: 'Internal error' }));
    try {
      const failing = await test({ jsonContent: JSON.stringify(account.keyFile) });
      expect(failing.body).toEqual({ ok: false, replies: [], error: expect.stringContaining('500') });
    } finally {
      fake.answer((text) => [`Você disse: ${text}`]);
    }
    const nowhere = { ...account.keyFile, token_uri: 'http://127.0.0.1:9/token' };
    const unreachable = await test({ jsonContent: JSON.stringify(nowhere) });
    expect(unreachable.status).toBe(200);
    expect(unreachable.body).toEqual({ ok: false, replies: [], error: expect.stringContaining('unreachable') });
  });

  it('refuses what is not a key file with 400 naming jsonContent (a masked key included)', async () => {
    const account = fake.serviceAccount();
    for (const jsonContent of [
      'not json',
      '{}',
      JSON.stringify({ ...account.keyFile, private_key: 'abc' }),
      JSON.stringify({ ...account.keyFile, private_key: '••••-----' }),
      JSON.stringify({ ...account.keyFile, token_uri: 'file:///etc/passwd' }),
    ]) {
      expectInvalid(await test({ jsonContent }), 'jsonContent');
    }
    expectInvalid(await test({ jsonContent: JSON.stringify(account.keyFile), language: 'fr' }), 'language');
    expectInvalid(await test({}), 'jsonContent');
  });
});
