import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eventName, type CampaignDetail, type CampaignPage, type EventPayload } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { insertConnection, listen, phone, settle } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** Far enough ahead that the runner never starts it during the test. */
const LATER = '2099-05-20 09:30:00';

type CampaignEvent = EventPayload<'campaign'>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useCampaigns: false })).id });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t?.stop();
});

const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;

/** A list of `numbers` (name "Pessoa i"), and a connection that is never started (messages stay queued). */
async function fixture(tenant: Tenant, numbers = [phone(), phone()]) {
  const list = (await tenant.admin.api.post('/api/contact-lists', { name: `Lista ${Date.now()}` })).body;
  for (const [i, number] of numbers.entries()) {
    const res = await tenant.admin.api.post('/api/contact-list-items', {
      name: `Pessoa ${i}`,
      number,
      contactListId: list.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
  }
  const conn = await insertConnection(t, tenant.companyId);
  return { listId: list.id as number, conn };
}

async function create(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.admin.api.post('/api/campaigns', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as CampaignDetail;
}
const read = async (tenant: Tenant, id: number) =>
  (await tenant.admin.api.get(`/api/campaigns/${id}`)).body as CampaignDetail;

async function upload(tenant: Tenant, id: number, file: Buffer, type: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${t.url}/api/campaigns/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant.admin.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function listenCampaigns(token: string, companyId: number) {
  const socket = await connectSocket(t.url, token);
  sockets.push(socket);
  return { socket, events: listen<CampaignEvent>(socket, eventName(companyId, 'campaign')) };
}

describe('POST /api/campaigns', () => {
  it('creates an INATIVA campaign, or PROGRAMADA with a time; the company hears it, no one else', async () => {
    const { listId, conn } = await fixture(a);
    const staff = await createStaff(t, a);
    const mine = await listenCampaigns(staff.token, a.companyId);
    const theirs = await listenCampaigns(b.admin.token, b.companyId);

    const inactive = await create(a, {
      name: '  Black Friday  ',
      contactListId: listId,
      whatsappId: conn.id,
      tagListId: 'Nenhuma',
      fileListId: '',
      scheduledAt: '',
      message1: 'Olá {{firstName}}!',
      message3: 'Oi {{name}}',
    });
    expect(inactive).toMatchObject({
      name: 'Black Friday',
      status: 'INATIVA',
      scheduledAt: null,
      completedAt: null,
      whatsappId: conn.id,
      whatsapp: { id: conn.id, name: conn.name },
      contactListId: listId,
      contactList: { id: listId },
      tagListId: null,
      tagId: null,
      fileListId: null,
      message1: 'Olá {{firstName}}!',
      message2: '',
      message3: 'Oi {{name}}',
      mediaPath: null,
      mediaUrl: null,
      companyId: a.companyId,
      // Before it starts: who it would write to now.
      validContacts: 2,
      delivered: 0,
      failed: 0,
    });
    const heard = await mine.events.waitFor((e) => e.action === 'create');
    expect(heard).toEqual({
      action: 'create',
      record: expect.objectContaining({ id: inactive.id, status: 'INATIVA' }),
    });

    const scheduled = await create(a, {
      name: 'Natal',
      contactListId: listId,
      whatsappId: conn.id,
      scheduledAt: LATER,
      message2: 'Feliz Natal',
    });
    // São Paulo's wall clock, answered in UTC.
    expect(scheduled).toMatchObject({ status: 'PROGRAMADA', scheduledAt: '2099-05-20T12:30:00.000Z' });
    await settle(t, [a.companyId, b.companyId], [mine.socket, theirs.socket]);
    expect(theirs.events.heard).toEqual([]);
  });

  it("refuses bad input and another company's rows (400 naming the field), writing nothing", async () => {
    const { listId, conn } = await fixture(a);
    const theirs = await fixture(b);
    const theirTag = (await b.admin.api.post('/api/tags', { name: `tag ${Date.now()}` })).body;
    const ok = { name: 'Promo', contactListId: listId, whatsappId: conn.id, message1: 'Olá' };
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, name: 'x' }, 'name'],
      [{ ...ok, name: undefined }, 'name'],
      [{ ...ok, contactListId: undefined }, 'contactListId'],
      [{ ...ok, whatsappId: undefined }, 'whatsappId'],
      [{ ...ok, message1: '' }, 'message1'],
      [{ ...ok, message1: '   ' }, 'message1'],
      [{ ...ok, scheduledAt: '20/05/2099 09:30' }, 'scheduledAt'],
      [{ ...ok, contactListId: theirs.listId }, 'contactListId'],
      [{ ...ok, whatsappId: theirs.conn.id }, 'whatsappId'],
      [{ ...ok, tagListId: theirTag.id }, 'tagListId'],
      [{ ...ok, fileListId: 2_000_000_000 }, 'fileListId'],
      [{ ...ok, mediaPath: '1/abc.png' }, 'mediaPath'],
    ];
    for (const [body, field] of cases) expectInvalid(await a.admin.api.post('/api/campaigns', body), field);
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});

describe('GET /api/campaigns', () => {
  it('pages the company’s campaigns newest first, with their count, by search', async () => {
    const tenant = await createTenant(t);
    const { listId, conn } = await fixture(tenant);
    const made: CampaignDetail[] = [];
    for (let i = 0; i < 22; i++)
      made.push(
        await create(tenant, { name: `Campanha ${i}`, contactListId: listId, whatsappId: conn.id, message1: 'Oi' }),
      );
    const first = (await tenant.admin.api.get('/api/campaigns')).body as CampaignPage;
    expect(first.count).toBe(22);
    expect(first.hasMore).toBe(true);
    expect(first.records).toHaveLength(20);
    expect(first.records[0]).toMatchObject({ id: made[21]!.id, name: 'Campanha 21', contactList: { id: listId } });
    const second = (await tenant.admin.api.get('/api/campaigns?pageNumber=2')).body as CampaignPage;
    expect(second.records.map((c) => c.id)).toEqual([made[1]!.id, made[0]!.id]);
    expect(second.hasMore).toBe(false);
    const found = (await tenant.admin.api.get('/api/campaigns?searchParam=nha 1')).body as CampaignPage;
    expect(found.count).toBe(11);
    expectInvalid(await tenant.admin.api.get('/api/campaigns?pageNumber=0'), 'pageNumber');
    expect((await b.admin.api.get('/api/campaigns')).body.records.map((c: CampaignDetail) => c.id)).not.toContain(
      made[0]!.id,
    );
  });
});

describe('GET, PUT and DELETE /api/campaigns/{id}', () => {
  it('reads, changes and deletes one; events for each', async () => {
    const { listId, conn } = await fixture(a);
    const { events } = await listenCampaigns(a.admin.token, a.companyId);
    const campaign = await create(a, { name: 'Outono', contactListId: listId, whatsappId: conn.id, message1: 'Oi' });
    expect(await read(a, campaign.id)).toMatchObject({ id: campaign.id, validContacts: 2, delivered: 0 });
    // The report's per-contact lists (the spec's client's) come unless `lists=false` (Balcão's web).
    const full = (await a.admin.api.get(`/api/campaigns/${campaign.id}`)).body;
    expect(full.contactList.contacts).toHaveLength(2);
    expect(full.shipping).toEqual([]);
    const counts = (await a.admin.api.get(`/api/campaigns/${campaign.id}?lists=false`)).body;
    expect(counts).toMatchObject({ id: campaign.id, validContacts: 2 });
    expect(counts.contactList).not.toHaveProperty('contacts');
    expect(counts).not.toHaveProperty('shipping');
    expectInvalid(await a.admin.api.get(`/api/campaigns/${campaign.id}?lists=no`), 'lists');

    const tag = (await a.admin.api.post('/api/tags', { name: `tag ${Date.now()}` })).body;
    const res = await a.admin.api.put(`/api/campaigns/${campaign.id}`, {
      name: 'Inverno',
      scheduledAt: LATER,
      tagListId: tag.id,
      message5: 'Bom dia {{name}}',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    // Nobody of the list carries the tag yet.
    expect(res.body).toMatchObject({
      name: 'Inverno',
      status: 'PROGRAMADA',
      tagListId: tag.id,
      message5: 'Bom dia {{name}}',
      message1: 'Oi',
      validContacts: 0,
    });
    await events.waitFor((e) => e.action === 'update' && e.record.id === campaign.id && e.record.name === 'Inverno');

    const back = await a.admin.api.put(`/api/campaigns/${campaign.id}`, { scheduledAt: null, tagListId: null });
    expect(back.body).toMatchObject({ status: 'INATIVA', scheduledAt: null, tagListId: null, validContacts: 2 });

    expectInvalid(await a.admin.api.put(`/api/campaigns/${campaign.id}`, { message1: '', message5: ' ' }), 'message1');
    expectInvalid(await a.admin.api.put(`/api/campaigns/${campaign.id}`, { whatsappId: 2_000_000_000 }), 'whatsappId');

    const del = await a.admin.api.delete(`/api/campaigns/${campaign.id}`);
    expect(del.status).toBe(204);
    await events.waitFor((e) => e.action === 'delete' && e.id === campaign.id);
    expectNotFound(await a.admin.api.get(`/api/campaigns/${campaign.id}`));
  });

  it('a PROGRAMADA campaign within the hour refuses changes (409), as does a running one', async () => {
    const { listId, conn } = await fixture(a);
    const soon = new Date(Date.now() + 30 * 60_000).toISOString();
    const campaign = await create(a, {
      name: 'Logo',
      contactListId: listId,
      whatsappId: conn.id,
      message1: 'Oi',
      scheduledAt: soon,
    });
    expectError(
      await a.admin.api.put(`/api/campaigns/${campaign.id}`, { message1: 'Mudou' }),
      409,
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );
    expect((await upload(a, campaign.id, PNG, 'image/png', 'a.png')).status).toBe(409);
    expect((await read(a, campaign.id)).message1).toBe('Oi');
  });

  it("another company's campaign is 404 on every route, and stays as it was", async () => {
    const { listId, conn } = await fixture(b);
    const theirs = await create(b, { name: 'Deles', contactListId: listId, whatsappId: conn.id, message1: 'Oi' });
    const api = a.admin.api;
    expectNotFound(await api.get(`/api/campaigns/${theirs.id}`));
    expectNotFound(await api.put(`/api/campaigns/${theirs.id}`, { name: 'Nosso' }));
    expectNotFound(await api.delete(`/api/campaigns/${theirs.id}`));
    expectNotFound(await api.post(`/api/campaigns/${theirs.id}/cancel`));
    expectNotFound(await api.post(`/api/campaigns/${theirs.id}/restart`));
    expectNotFound(await api.get(`/api/campaigns/${theirs.id}/failures`));
    expectNotFound(await api.delete(`/api/campaigns/${theirs.id}/media-upload`));
    expect((await upload(a, theirs.id, PNG, 'image/png', 'a.png')).status).toBe(404);
    expect(await read(b, theirs.id)).toMatchObject({ name: 'Deles', status: 'INATIVA' });
  });
});

describe('the attachment', () => {
  it('takes a file (spaces in its name become underscores), serves it, and removes it', async () => {
    const { listId, conn } = await fixture(a);
    const campaign = await create(a, { name: 'Com anexo', contactListId: listId, whatsappId: conn.id, message1: 'Oi' });
    const up = await upload(a, campaign.id, PNG, 'image/png', 'nosso cardápio novo.png');
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body).toMatchObject({
      mediaName: 'nosso_cardápio_novo.png',
      mediaUrl: `/api/campaigns/${campaign.id}/media`,
    });
    const file = await fetch(`${t.url}${up.body.mediaUrl}`, { headers: { authorization: `Bearer ${a.admin.token}` } });
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    // Sent back as shown, the attachment stays.
    const kept = await a.admin.api.put(`/api/campaigns/${campaign.id}`, {
      name: 'Com anexo 2',
      mediaPath: up.body.mediaPath,
    });
    expect(kept.body.mediaPath).toBe(up.body.mediaPath);

    const bad = await upload(a, campaign.id, Buffer.from('not a png'), 'image/png', 'x.png');
    expectInvalid(bad as any, 'file');

    const removed = await a.admin.api.delete(`/api/campaigns/${campaign.id}/media-upload`);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    await eventually(
      async () =>
        !(await t.running.deps.storage.get(up.body.mediaPath).then(
          () => true,
          () => false,
        )),
      5_000,
      'file removed',
    );
  });
});

describe('cancel and restart', () => {
  it('cancel takes back the queued messages; restart queues them again; wrong states are 409', async () => {
    const numbers = [phone(), phone(), phone()];
    const { listId, conn } = await fixture(a, numbers);
    const { events } = await listenCampaigns(a.admin.token, a.companyId);
    // No waits: the three go at once.
    await a.admin.api.post('/api/campaign-settings', { settings: { messageInterval: 0, longerIntervalAfter: 0 } });
    const campaign = await create(a, {
      name: 'Agora',
      contactListId: listId,
      whatsappId: conn.id,
      message1: 'Oi {{firstName}}',
    });
    expectError(await a.admin.api.post(`/api/campaigns/${campaign.id}/cancel`), 409, 'ERR_CAMPAIGN_STATE');
    expectError(await a.admin.api.post(`/api/campaigns/${campaign.id}/restart`), 409, 'ERR_CAMPAIGN_STATE');

    // Start it now: the connection never runs, so its messages stay queued.
    await a.admin.api.put(`/api/campaigns/${campaign.id}`, { scheduledAt: new Date().toISOString() });
    await events.waitFor(
      (e) => e.action === 'update' && e.record.id === campaign.id && e.record.status === 'EM_ANDAMENTO',
      'started',
      10_000,
    );
    await eventually(
      async () =>
        (
          await q(
            'select count(*)::int as n from campaign_shipping where campaign_id = $1 and dispatched_at is not null',
            [campaign.id],
          )
        )[0].n === 3,
      10_000,
      'dispatched',
    );
    expect(await q('select count(*)::int as n from messages where whatsapp_id = $1 and ack = 0', [conn.id])).toEqual([
      { n: 3 },
    ]);
    expectError(
      await a.admin.api.put(`/api/campaigns/${campaign.id}`, { message1: 'Mudou' }),
      409,
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );

    const cancelled = await a.admin.api.post(`/api/campaigns/${campaign.id}/cancel`);
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'CANCELADA', validContacts: 3, delivered: 0 });
    expect(await q('select count(*)::int as n from messages where whatsapp_id = $1', [conn.id])).toEqual([{ n: 0 }]);
    expect(
      await q('select count(*)::int as n from campaign_shipping where campaign_id = $1 and dispatched_at is null', [
        campaign.id,
      ]),
    ).toEqual([{ n: 3 }]);
    // Cancelled: its messages may change, nothing else.
    const edited = await a.admin.api.put(`/api/campaigns/${campaign.id}`, {
      message1: 'Olá de novo {{firstName}}',
      whatsappId: conn.id,
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const other = await insertConnection(t, a.companyId);
    expectError(
      await a.admin.api.put(`/api/campaigns/${campaign.id}`, { whatsappId: other.id }),
      409,
      'ERR_CAMPAIGN_NOT_EDITABLE',
    );

    const restarted = await a.admin.api.post(`/api/campaigns/${campaign.id}/restart`);
    expect(restarted.body).toMatchObject({ status: 'EM_ANDAMENTO' });
    await eventually(
      async () => (await q('select count(*)::int as n from messages where whatsapp_id = $1', [conn.id]))[0].n === 3,
      10_000,
      'queued again',
    );
    const bodies = (await q('select body from messages where whatsapp_id = $1 order by body', [conn.id])).map(
      (r) => r.body,
    );
    expect(bodies).toEqual(['Olá de novo Pessoa', 'Olá de novo Pessoa', 'Olá de novo Pessoa']);

    // Deleting it stops it: its queued messages go too.
    expect((await a.admin.api.delete(`/api/campaigns/${campaign.id}`)).status).toBe(204);
    expect(await q('select count(*)::int as n from messages where whatsapp_id = $1', [conn.id])).toEqual([{ n: 0 }]);
  });

  it('the failures list reads the failed sends with why', async () => {
    const { listId, conn } = await fixture(a, [phone()]);
    const campaign = await create(a, { name: 'Falhas', contactListId: listId, whatsappId: conn.id, message1: 'Oi' });
    const [item] = await q('select id, number from contact_list_items where contact_list_id = $1', [listId]);
    await q(
      `insert into campaign_shipping (company_id, campaign_id, contact_list_item_id, number, name, dispatched_at, failed_at, error)
       values ($1, $2, $3, $4, 'Pessoa 0', now(), now(), '(#131026) Message undeliverable')`,
      [a.companyId, campaign.id, item.id, item.number],
    );
    const res = await a.admin.api.get(`/api/campaigns/${campaign.id}/failures`);
    expect(res.body).toEqual({
      records: [
        {
          id: expect.any(Number),
          name: 'Pessoa 0',
          number: item.number,
          error: '(#131026) Message undeliverable',
          failedAt: expect.any(String),
        },
      ],
      count: 1,
      hasMore: false,
    });
    expectInvalid(await a.admin.api.get(`/api/campaigns/${campaign.id}/failures?pageNumber=x`), 'pageNumber');
  });
});

describe('send now, the connection, the time left', () => {
  it('warns of a disconnected connection at creation, refuses to start on it (409 naming it), then starts now on the server clock', async () => {
    const c = await createTenant(t);
    const { listId, conn } = await fixture(c, [phone(), phone(), phone()]);
    // Pacing: 10 s a send (+25 % on average), every 2nd send 60 s: 3 contacts ≈ 2×12.5 + 60 s.
    await c.admin.api.post('/api/campaign-settings', {
      settings: { messageInterval: 10, longerIntervalAfter: 2, greaterInterval: 60 },
    });
    const made = await create(c, { name: 'Já', contactListId: listId, whatsappId: conn.id, message1: 'Oi' });
    expect(made).toMatchObject({
      status: 'INATIVA',
      whatsapp: { id: conn.id, name: conn.name, status: 'DISCONNECTED' },
      validContacts: 3,
      estimatedSeconds: 85,
    });

    const refused = await c.admin.api.post(`/api/campaigns/${made.id}/send-now`);
    expectError(refused, 409, 'ERR_WAPP_NOT_INITIALIZED');
    expect(refused.body.message).toContain(conn.name);
    expect(await read(c, made.id)).toMatchObject({ status: 'INATIVA', scheduledAt: null });
    expect(await q('select count(*)::int as n from campaign_shipping where campaign_id = $1', [made.id])).toEqual([
      { n: 0 },
    ]);

    await q(`update whatsapps set status = 'CONNECTED' where id = $1`, [conn.id]);
    const before = Date.now();
    const res = await c.admin.api.post(`/api/campaigns/${made.id}/send-now`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const started = res.body as CampaignDetail;
    expect(started).toMatchObject({ status: 'EM_ANDAMENTO', validContacts: 3, whatsapp: { status: 'CONNECTED' } });
    expect(Math.abs(new Date(started.scheduledAt!).getTime() - before)).toBeLessThan(5_000);
    expect(started.estimatedSeconds).toBeGreaterThan(0);
    expect(await q('select count(*)::int as n from campaign_shipping where campaign_id = $1', [made.id])).toEqual([
      { n: 3 },
    ]);
    expectError(await c.admin.api.post(`/api/campaigns/${made.id}/send-now`), 409, 'ERR_CAMPAIGN_STATE');

    // A campaign set for later starts now too; another company's is 404 and stays as it was.
    const later = await create(c, {
      name: 'Depois',
      contactListId: listId,
      whatsappId: conn.id,
      message1: 'Oi',
      scheduledAt: LATER,
    });
    expect(later.status).toBe('PROGRAMADA');
    expectNotFound(await b.admin.api.post(`/api/campaigns/${later.id}/send-now`));
    expect((await read(c, later.id)).status).toBe('PROGRAMADA');
    const now = await c.admin.api.post(`/api/campaigns/${later.id}/send-now`);
    expect(now.body).toMatchObject({ status: 'EM_ANDAMENTO' });
    expect(new Date(now.body.scheduledAt).getTime()).toBeLessThan(Date.now() + 5_000);
  });
});

describe('/api/campaign-settings', () => {
  it('answers every key with defaults, saves the given ones, refuses bad values writing nothing', async () => {
    const tenant = await createTenant(t);
    const staff = await createStaff(t, tenant);
    expect((await staff.api.get('/api/campaign-settings')).body).toEqual([
      { key: 'messageInterval', value: '20' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: '[]' },
    ]);
    const saved = await staff.api.post('/api/campaign-settings', {
      settings: { messageInterval: 5, variables: [{ key: 'loja', value: 'Loja Centro' }] },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toEqual([
      { key: 'messageInterval', value: '5' },
      { key: 'longerIntervalAfter', value: '20' },
      { key: 'greaterInterval', value: '60' },
      { key: 'variables', value: JSON.stringify([{ key: 'loja', value: 'Loja Centro' }]) },
    ]);
    // Another company keeps its defaults.
    expect((await b.admin.api.get('/api/campaign-settings')).body[0]).toEqual({ key: 'messageInterval', value: '20' });

    const before = await dbSnapshot(t.running.deps.pools.owner);
    const bad: Array<[unknown, string]> = [
      [{ messageInterval: -1 }, 'settings.messageInterval'],
      [{ greaterInterval: 'x' }, 'settings.greaterInterval'],
      [{ variables: [{ key: 'a b', value: '' }] }, 'settings.variables.0.key'],
      [
        {
          variables: [
            { key: 'a', value: '' },
            { key: 'a', value: '' },
          ],
        },
        'settings.variables',
      ],
    ];
    for (const [settings, field] of bad)
      expectInvalid(await staff.api.post('/api/campaign-settings', { settings }), field);
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});

describe('plan flag useCampaigns', () => {
  it('a plan without it gets 403 on every route, writing nothing', async () => {
    const api = noFlag.admin.api;
    const conn = await insertConnection(t, noFlag.companyId);
    expectNoPermission(await api.get('/api/campaigns'));
    expectNoPermission(
      await api.post('/api/campaigns', { name: 'Promo', contactListId: 1, whatsappId: conn.id, message1: 'Oi' }),
    );
    expectNoPermission(await api.get('/api/campaigns/1'));
    expectNoPermission(await api.put('/api/campaigns/1', { name: 'Promo' }));
    expectNoPermission(await api.delete('/api/campaigns/1'));
    expectNoPermission(await api.post('/api/campaigns/1/cancel'));
    expectNoPermission(await api.post('/api/campaigns/1/restart'));
    expectNoPermission(await api.get('/api/campaigns/1/failures'));
    expectNoPermission(await api.delete('/api/campaigns/1/media-upload'));
    expect((await upload(noFlag, 1, PNG, 'image/png', 'a.png')).status).toBe(403);
    expectNoPermission(await api.get('/api/campaign-settings'));
    expectNoPermission(await api.post('/api/campaign-settings', { settings: { messageInterval: 5 } }));
    expect(
      await q('select count(*)::int as n from campaign_settings where company_id = $1', [noFlag.companyId]),
    ).toEqual([{ n: 0 }]);
  });
});
