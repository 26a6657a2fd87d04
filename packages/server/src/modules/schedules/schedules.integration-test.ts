import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eventName, type EventPayload, type Schedule, type SchedulePage } from '@balcao/contracts';
import { startTestApp, sessionsOf, type TestApp } from '../../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertCloudConnection,
  type Tenant,
} from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { inbound, insertContact, listen, phone, settle } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { boot, type Running } from '../../boot.js';
import { createLogger } from '../../platform/logger.js';
import { SCHEDULE_SWEEP_MS } from '../../automation/schedules/schedule-sweep.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
/** Far enough ahead that the sweep never sends it during the test. */
const LATER = '2099-05-20 09:30:00';

type ScheduleEvent = EventPayload<'schedule'>;

let graph: FakeGraph;
let t: TestApp;
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
const sockets: Socket[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
  a = await createTenant(t);
  b = await createTenant(t);
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useSchedules: false })).id });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t?.stop();
  await graph?.close();
});

const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;
const contactOf = (tenant: Tenant, name = 'Maria Souza', number = phone()) =>
  insertContact(t, tenant.companyId, { name, number });

async function create(tenant: Tenant, body: Record<string, unknown>) {
  const res = await tenant.admin.api.post('/api/schedules', body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Schedule;
}
const read = async (tenant: Tenant, id: number) =>
  (await tenant.admin.api.get(`/api/schedules/${id}`)).body as Schedule;

async function upload(tenant: Tenant, id: number, file: Buffer, type: string, name: string) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${t.url}/api/schedules/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant.admin.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function listenSchedules(token: string, companyId: number) {
  const socket = await connectSocket(t.url, token);
  sockets.push(socket);
  return { socket, events: listen<ScheduleEvent>(socket, eventName(companyId, 'schedule')) };
}

describe('POST /api/schedules', () => {
  it("creates a pending schedule for the company's contact; the company hears it, no one else", async () => {
    const contact = await contactOf(a);
    const staff = await createStaff(t, a);
    const mine = await listenSchedules(staff.token, a.companyId);
    const theirs = await listenSchedules(b.admin.token, b.companyId);

    const schedule = await create(a, {
      body: '  Olá {{firstName}}, tudo bem?  ',
      contactId: contact.id,
      sendAt: LATER,
    });
    expect(schedule).toMatchObject({
      id: expect.any(Number),
      body: 'Olá {{firstName}}, tudo bem?',
      contactId: contact.id,
      contact: { id: contact.id, name: 'Maria Souza', number: contact.number },
      // São Paulo's wall clock, answered in UTC.
      sendAt: '2099-05-20T12:30:00.000Z',
      sentAt: null,
      status: 'PENDENTE',
      error: null,
      userId: a.admin.id,
      mediaPath: null,
      mediaUrl: null,
    });
    const heard = await mine.events.waitFor((e) => e.action === 'create');
    expect(heard).toEqual({
      action: 'create',
      schedule: expect.objectContaining({ id: schedule.id, status: 'PENDENTE' }),
    });
    await settle(t, [a.companyId, b.companyId], [mine.socket, theirs.socket]);
    expect(theirs.events.heard).toEqual([]);
  });

  it('reads an offset as written', async () => {
    const contact = await contactOf(a);
    const schedule = await create(a, { body: 'Bom dia!', contactId: contact.id, sendAt: '2099-05-20T09:30:00+02:00' });
    expect(schedule.sendAt).toBe('2099-05-20T07:30:00.000Z');
  });

  it('refuses a short text, a missing contact or time, a bad time and another company’s contact (400 naming the field), writing nothing', async () => {
    const contact = await contactOf(a);
    const theirs = await contactOf(b);
    const ok = { body: 'Olá, tudo bem?', contactId: contact.id, sendAt: LATER };
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ...ok, body: 'abcd' }, 'body'],
      [{ ...ok, body: '    abcd  ' }, 'body'],
      [{ ...ok, body: undefined }, 'body'],
      [{ ...ok, contactId: undefined }, 'contactId'],
      [{ ...ok, sendAt: undefined }, 'sendAt'],
      [{ ...ok, sendAt: '20/05/2099 09:30' }, 'sendAt'],
      [{ ...ok, sendAt: '2099-02-30 09:30:00' }, 'sendAt'],
      [{ ...ok, contactId: theirs.id }, 'contactId'],
      [{ ...ok, contactId: 2_000_000_000 }, 'contactId'],
    ];
    for (const [body, field] of cases) expectInvalid(await a.admin.api.post('/api/schedules', body), field);
    const res = await a.admin.api.post('/api/schedules', { ...ok, body: 'abc' });
    expect(res.body.fields).toEqual({ body: 'tooShort' });
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});

describe('GET /api/schedules', () => {
  it('pages the company’s schedules with their count, by contact and by search', async () => {
    const joana = await contactOf(a, 'Joana Lista');
    const pedro = await contactOf(a, 'Pedro Lista');
    for (let i = 0; i < 21; i++)
      await create(a, {
        body: `Lembrete ${i} da consulta`,
        contactId: joana.id,
        sendAt: `2099-06-${10 + (i % 9)} 10:00:00`,
      });
    await create(a, { body: 'Promoção especial', contactId: pedro.id, sendAt: LATER });
    await create(b, { body: 'Outra empresa', contactId: (await contactOf(b, 'Joana Lista')).id, sendAt: LATER });

    const first = (await a.admin.api.get(`/api/schedules?contactId=${joana.id}`)).body as SchedulePage;
    expect(first.count).toBe(21);
    expect(first.hasMore).toBe(true);
    expect(first.schedules).toHaveLength(20);
    expect(first.schedules.every((s) => s.contactId === joana.id)).toBe(true);
    const sendAts = first.schedules.map((s) => s.sendAt);
    expect(sendAts).toEqual([...sendAts].sort().reverse());
    const second = (await a.admin.api.get(`/api/schedules?contactId=${joana.id}&pageNumber=2`)).body as SchedulePage;
    expect(second).toMatchObject({ count: 21, hasMore: false });
    expect(second.schedules).toHaveLength(1);

    const byName = (await a.admin.api.get('/api/schedules?searchParam=pedro lista')).body as SchedulePage;
    expect(byName.schedules.map((s) => s.body)).toEqual(['Promoção especial']);
    const byText = (await a.admin.api.get('/api/schedules?searchParam=PROMOÇÃO')).body as SchedulePage;
    expect(byText).toMatchObject({ count: 1, hasMore: false });
    const theirs = (await b.admin.api.get('/api/schedules?searchParam=Lista')).body as SchedulePage;
    expect(theirs.schedules.map((s) => s.body)).toEqual(['Outra empresa']);
  });

  it('refuses bad filters (400 naming the field)', async () => {
    expectInvalid(await a.admin.api.get('/api/schedules?pageNumber=0'), 'pageNumber');
    expectInvalid(await a.admin.api.get('/api/schedules?contactId=abc'), 'contactId');
  });
});

describe('GET, PUT and DELETE /api/schedules/{id}', () => {
  it('reads, changes and deletes one; events for each', async () => {
    const contact = await contactOf(a);
    const other = await contactOf(a, 'Carla Dias');
    const { events } = await listenSchedules(a.admin.token, a.companyId);
    const schedule = await create(a, { body: 'Primeira versão', contactId: contact.id, sendAt: LATER });
    expect(await read(a, schedule.id)).toEqual(schedule);

    const res = await a.admin.api.put(`/api/schedules/${schedule.id}`, {
      body: 'Segunda versão',
      contactId: other.id,
      sendAt: '2099-07-01T08:00:00Z',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      body: 'Segunda versão',
      contactId: other.id,
      contact: { name: 'Carla Dias' },
      sendAt: '2099-07-01T08:00:00.000Z',
    });
    await events.waitFor((e) => e.action === 'update' && e.schedule.body === 'Segunda versão');
    // Only the fields given change.
    const partial = await a.admin.api.put(`/api/schedules/${schedule.id}`, { body: 'Terceira versão' });
    expect(partial.body).toMatchObject({
      body: 'Terceira versão',
      contactId: other.id,
      sendAt: '2099-07-01T08:00:00.000Z',
    });

    const del = await a.admin.api.delete(`/api/schedules/${schedule.id}`);
    expect(del.status).toBe(204);
    await events.waitFor((e) => e.action === 'delete' && e.scheduleId === schedule.id);
    expectNotFound(await a.admin.api.get(`/api/schedules/${schedule.id}`));
    expectNotFound(await a.admin.api.delete(`/api/schedules/${schedule.id}`));
  });

  it('a bad change is refused (400 naming the field) and writes nothing', async () => {
    const contact = await contactOf(a);
    const theirs = await contactOf(b);
    const schedule = await create(a, { body: 'Texto original', contactId: contact.id, sendAt: LATER });
    const before = await dbSnapshot(t.running.deps.pools.owner);
    expectInvalid(await a.admin.api.put(`/api/schedules/${schedule.id}`, { body: 'abc' }), 'body');
    expectInvalid(await a.admin.api.put(`/api/schedules/${schedule.id}`, { sendAt: 'amanhã' }), 'sendAt');
    expectInvalid(await a.admin.api.put(`/api/schedules/${schedule.id}`, { contactId: theirs.id }), 'contactId');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
    expect(await read(a, schedule.id)).toEqual(schedule);
  });

  it("another company's schedule is 404 on every route, and stays as it was", async () => {
    const schedule = await create(b, { body: 'Da empresa B', contactId: (await contactOf(b)).id, sendAt: LATER });
    const api = a.admin.api;
    expectNotFound(await api.get(`/api/schedules/${schedule.id}`));
    expectNotFound(await api.put(`/api/schedules/${schedule.id}`, { body: 'Tomada por A' }));
    expectNotFound(await api.delete(`/api/schedules/${schedule.id}`));
    expectNotFound(await api.delete(`/api/schedules/${schedule.id}/media-upload`));
    expectNotFound(await api.get(`/api/schedules/${schedule.id}/media`));
    expect((await upload(a, schedule.id, PNG, 'image/png', 'x.png')).status).toBe(404);
    expect(await read(b, schedule.id)).toEqual(schedule);
  });
});

describe('the attachment', () => {
  it('takes a png or jpeg, serves it, and removes it', async () => {
    const schedule = await create(a, { body: 'Com imagem', contactId: (await contactOf(a)).id, sendAt: LATER });
    const res = await upload(a, schedule.id, PNG, 'image/png', 'cartão de visita.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      mediaName: 'cartão_de_visita.png',
      mediaUrl: `/api/schedules/${schedule.id}/media`,
    });
    const key = res.body.mediaPath as string;
    const file = await fetch(`${t.url}/api/schedules/${schedule.id}/media`, {
      headers: { authorization: `Bearer ${a.admin.token}` },
    });
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);

    const removed = await a.admin.api.delete(`/api/schedules/${schedule.id}/media-upload`);
    expect(removed.status).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, mediaUrl: null });
    await expect(t.running.deps.storage.get(key)).rejects.toThrow();
  });

  it('refuses other types, a file whose content is not its type, and no file (400 on `file`), writing nothing', async () => {
    const schedule = await create(a, { body: 'Sem imagem', contactId: (await contactOf(a)).id, sendAt: LATER });
    const before = await dbSnapshot(t.running.deps.pools.owner);
    for (const [data, type, name] of [
      [PDF, 'application/pdf', 'doc.pdf'],
      [PDF, 'image/png', 'fake.png'],
      [Buffer.from('GIF89a'), 'image/gif', 'a.gif'],
    ] as const) {
      const res = await upload(a, schedule.id, data, type, name);
      expect(res.status, `${name}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(Object.keys(res.body.fields)).toEqual(['file']);
    }
    expectInvalid(await a.admin.api.post(`/api/schedules/${schedule.id}/media-upload`, {}), 'file');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});

describe('plan flag useSchedules', () => {
  it('a plan without it gets 403 on every route', async () => {
    const api = noFlag.admin.api;
    const contact = await contactOf(noFlag);
    expectNoPermission(await api.get('/api/schedules'));
    expectNoPermission(
      await api.post('/api/schedules', { body: 'Olá, tudo bem?', contactId: contact.id, sendAt: LATER }),
    );
    expectNoPermission(await api.get('/api/schedules/1'));
    expectNoPermission(await api.put('/api/schedules/1', { body: 'Olá, tudo bem?' }));
    expectNoPermission(await api.delete('/api/schedules/1'));
    expectNoPermission(await api.delete('/api/schedules/1/media-upload'));
    expect((await upload(noFlag, 1, PNG, 'image/png', 'a.png')).status).toBe(403);
    expect(await q('select count(*)::int as n from schedules where company_id = $1', [noFlag.companyId])).toEqual([
      { n: 0 },
    ]);
  });
});

// ----------------------------------------------------------------------------------------------
// Sending, on the Cloud API fake.

/** A started Cloud API connection of `tenant` (CONNECTED). */
async function cloudConnection(tenant: Tenant, patch: Parameters<typeof insertCloudConnection>[2] = {}) {
  const conn = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true, ...patch });
  await sessionsOf(t).tick();
  await eventually(
    async () => (await q('select status from whatsapps where id = $1', [conn.id]))[0]?.status === 'CONNECTED',
    10_000,
    'CONNECTED',
  );
  return conn;
}
const sentTo = (number: string) => graph.sent.filter((s) => s.body.to === number);
/** `YYYY-MM-DDTHH:mm:ss.sssZ` `ms` from now. */
const inMs = (ms: number) => new Date(Date.now() + ms).toISOString();
const untilStatus = (tenant: Tenant, id: number, status: Schedule['status'], ms = 15_000) =>
  eventually(
    async () => {
      const s = await read(tenant, id);
      return s.status === status && s;
    },
    ms,
    status,
  );

describe('sending (Cloud API)', () => {
  let sender: Tenant;
  let main: Awaited<ReturnType<typeof cloudConnection>>;

  beforeAll(async () => {
    sender = await createTenant(t);
    main = await cloudConnection(sender, { isDefault: true });
  });

  it('sends once, on time, variables filled, through the default connection, on a new closed ticket', async () => {
    const contact = await contactOf(sender, 'Maria Souza');
    const { events } = await listenSchedules(sender.admin.token, sender.companyId);
    const sendAt = inMs(2_000);
    const schedule = await create(sender, {
      body: 'Olá {{firstName}}, seu pedido chegou.',
      contactId: contact.id,
      sendAt,
    });

    const out = await graph.until(() => sentTo(contact.number)[0], 2_000 + SCHEDULE_SWEEP_MS + 5_000);
    const late = Date.now() - Date.parse(sendAt);
    expect(late).toBeGreaterThanOrEqual(0);
    // One sweep interval plus the send; the contract allows 30 s (slack here for a loaded machine).
    expect(late).toBeLessThan(SCHEDULE_SWEEP_MS + 5_000);
    expect(out.phoneNumberId).toBe(main.phoneNumberId);
    expect(out.body).toMatchObject({ type: 'text', text: { body: 'Olá Maria, seu pedido chegou.' } });

    const sent = await untilStatus(sender, schedule.id, 'ENVIADA');
    expect(sent).toMatchObject({ error: null, whatsappId: main.id, ticketId: expect.any(Number) });
    expect(Date.parse(sent.sentAt!)).toBeGreaterThanOrEqual(Date.parse(sendAt));
    await events.waitFor(
      (e) => e.action === 'update' && e.schedule.id === schedule.id && e.schedule.status === 'ENVIADA',
    );

    // Recorded in the contact's conversation, with its ticks; no ticket waits for an attendant.
    const tickets = await q('select id, status, whatsapp_id from tickets where contact_id = $1', [contact.id]);
    expect(tickets).toEqual([{ id: sent.ticketId, status: 'closed', whatsapp_id: main.id }]);
    const stored = await q('select body, from_me, ack, external_id from messages where ticket_id = $1', [
      sent.ticketId,
    ]);
    expect(stored).toEqual([{ body: 'Olá Maria, seu pedido chegou.', from_me: true, ack: 1, external_id: out.wamid }]);

    // Once: later passes send nothing more.
    await new Promise((r) => setTimeout(r, SCHEDULE_SWEEP_MS + 1_000));
    expect(sentTo(contact.number)).toHaveLength(1);
    expectError(
      await sender.admin.api.put(`/api/schedules/${schedule.id}`, { body: 'Mudou depois' }),
      409,
      'ERR_SCHEDULE_SENT',
    );
    expect((await upload(sender, schedule.id, PNG, 'image/png', 'a.png')).status).toBe(409);
    expect((await read(sender, schedule.id)).body).toBe('Olá {{firstName}}, seu pedido chegou.');
  });

  it("goes through the connection of the contact's latest ticket, on its live ticket there", async () => {
    const second = await cloudConnection(sender);
    const number = phone();
    const { ticketId } = await inbound(t, second, { number, name: 'João Pereira' }, 'Oi, bom dia');
    const [contact] = await q('select contact_id as id from tickets where id = $1', [ticketId]);
    const schedule = await create(sender, {
      body: 'Retorno agendado, {{name}}',
      contactId: contact.id,
      sendAt: inMs(0),
    });
    const out = await graph.until(() => sentTo(number)[0], SCHEDULE_SWEEP_MS + 5_000);
    expect(out.phoneNumberId).toBe(second.phoneNumberId);
    expect(out.body.text.body).toBe('Retorno agendado, João Pereira');
    const sent = await untilStatus(sender, schedule.id, 'ENVIADA');
    expect(sent).toMatchObject({ whatsappId: second.id, ticketId });
    expect(await q('select status from tickets where contact_id = $1', [contact.id])).toEqual([{ status: 'pending' }]);
  });

  it('sends the image with the text as its caption', async () => {
    const contact = await contactOf(sender, 'Ana Lima');
    const schedule = await create(sender, { body: 'Veja nosso cardápio', contactId: contact.id, sendAt: inMs(3_000) });
    expect((await upload(sender, schedule.id, PNG, 'image/png', 'cardapio.png')).status).toBe(200);
    const out = await graph.until(() => sentTo(contact.number)[0], 3_000 + SCHEDULE_SWEEP_MS + 5_000);
    expect(out.body).toMatchObject({
      type: 'image',
      image: { id: expect.any(String), caption: 'Veja nosso cardápio' },
    });
    const upload_ = [...graph.uploads.values()].find((u) => u.data.equals(PNG));
    expect(upload_).toMatchObject({ mimeType: 'image/png' });
    await untilStatus(sender, schedule.id, 'ENVIADA');
  });

  it('a permanent refusal ends ERRO with the reason; it can be changed and is then sent again', async () => {
    const contact = await contactOf(sender, 'Bruno Alves');
    graph.fail(1, 400, 131026, 'Message undeliverable');
    const schedule = await create(sender, { body: 'Sua fatura venceu', contactId: contact.id, sendAt: inMs(0) });
    const failed = await untilStatus(sender, schedule.id, 'ERRO');
    expect(failed.error).toMatch(/131026.*undeliverable/);
    expect(failed.sentAt).toBeNull();
    expect(sentTo(contact.number)).toHaveLength(0);

    const retried = await sender.admin.api.put(`/api/schedules/${schedule.id}`, { sendAt: inMs(0) });
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'PENDENTE', error: null });
    await untilStatus(sender, schedule.id, 'ENVIADA');
    expect(sentTo(contact.number)).toHaveLength(1);
  });

  it('a throttled send (130429) is retried by the outbox and sent once', async () => {
    const contact = await contactOf(sender, 'Carla Dias');
    graph.throttle(1);
    const schedule = await create(sender, { body: 'Lembrete de consulta', contactId: contact.id, sendAt: inMs(0) });
    await untilStatus(sender, schedule.id, 'ENVIADA', 20_000);
    expect(sentTo(contact.number)).toHaveLength(1);
  });

  it('no connection at all ends ERRO naming why', async () => {
    const lone = await createTenant(t);
    const contact = await contactOf(lone);
    const schedule = await create(lone, { body: 'Sem conexão', contactId: contact.id, sendAt: inMs(0) });
    const failed = await untilStatus(lone, schedule.id, 'ERRO');
    expect(failed.error).toBe('ERR_NO_DEF_WAPP_FOUND');
    expect(await q('select count(*)::int as n from tickets where contact_id = $1', [contact.id])).toEqual([{ n: 0 }]);
  });
});

describe('a schedule due while no process ran', () => {
  it('is sent once after start, with two processes sweeping', async () => {
    const t2 = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
    const running: Running[] = [];
    try {
      const tenant = await createTenant(t2);
      const conn = await insertCloudConnection(t2, tenant.companyId, { sessionWanted: true, isDefault: true });
      const contact = await insertContact(t2, tenant.companyId, { name: 'Rita Campos', number: phone() });
      const res = await tenant.admin.api.post('/api/schedules', {
        body: 'Bom dia, {{firstName}}!',
        contactId: contact.id,
        sendAt: inMs(1_500),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      await t2.running.stop();
      // Due while nothing runs.
      await new Promise((r) => setTimeout(r, 2_500));
      expect(sentTo(contact.number)).toHaveLength(0);

      const config = t2.running.deps.config;
      // Two processes (booted one after the other: concurrent boots race on the job schema's grants).
      for (let i = 0; i < 2; i++) running.push(await boot({ ...config, PORT: 0 }, createLogger(config)));
      const out = await graph.until(() => sentTo(contact.number)[0], 40_000);
      expect(out.phoneNumberId).toBe(conn.phoneNumberId);
      expect(out.body.text.body).toBe('Bom dia, Rita!');
      const owner = running[0]!.deps.pools.owner;
      await eventually(
        async () =>
          (await owner.query('select status from schedules where id = $1', [res.body.id])).rows[0]?.status ===
          'ENVIADA',
        15_000,
        'ENVIADA',
      );
      await new Promise((r) => setTimeout(r, SCHEDULE_SWEEP_MS + 1_000));
      expect(sentTo(contact.number)).toHaveLength(1);
      const stored = await owner.query(
        'select count(*)::int as n from messages where ticket_id in (select id from tickets where contact_id = $1)',
        [contact.id],
      );
      expect(stored.rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all(running.map((r) => r.stop()));
      await t2.smtp.close();
    }
  }, 90_000);
});
