import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, sessionsOf, type TestApp } from '../../test/support/app.js';
import { createStaff, insertCloudConnection, signupTenant, type Tenant } from '../../test/support/factories.js';
import { connectSocket, within } from '../../test/support/socket.js';
import { eventually } from '../../test/support/eventually.js';
import { inbound, insertContact, phone } from '../../test/support/inbox.js';
import { startFakeGraph, type FakeGraph } from '../../test/support/fake-graph.js';
import { deliverAsaasEvent, startFakeAsaas, type FakeAsaas } from '../../test/support/fake-asaas.js';
import { SCHEDULE_SWEEP_MS } from '../automation/schedules/schedule-sweep.js';
import { closeExpiredSockets } from './realtime-expiry.js';
import type { RealtimeHub } from './realtime.js';

/**
 * A company past its due date (HTTP 402) gets no socket, has its open ones closed, and its
 * campaigns and schedules wait — nothing sent, nothing failed — until it pays through Asaas;
 * its customers' messages are still stored meanwhile. Super users are never shut out.
 */
const WEBHOOK_TOKEN = 'asaas-webhook-token-expiry-0123456789';
let graph: FakeGraph;
let asaas: FakeAsaas;
let t: TestApp;
const sockets: Socket[] = [];

beforeAll(async () => {
  graph = await startFakeGraph();
  asaas = await startFakeAsaas();
  t = await startTestApp({
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
    ASAAS_API_URL: asaas.url,
    ASAAS_WEBHOOK_TOKEN: WEBHOOK_TOKEN,
    // The sweep's timed pass is called by the tests below; an edit closes sockets by itself.
    EXPIRY_SWEEP_MS: '3600000',
  });
  const saved = await t.api.as(await t.superToken()).put('/api/settings/asaas', { value: asaas.apiKey });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t?.stop();
  await asaas?.close();
  await graph?.close();
});

const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;
const sentTo = (number: string) => graph.sent.filter((s) => s.body.to === number);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A company through the public signup (it issues the first invoice); the signup limit is tested elsewhere. */
async function company(): Promise<Tenant> {
  await q(`delete from rate_events where kind = 'signup'`);
  return signupTenant(t);
}
/** The company's "today", a calendar day in its zone, moved by `days` (SQL, for the owner pool). */
const dayFromToday = (days: number) => `((now() at time zone timezone)::date + ${days})`;
/** Its due date (and its invoice's) two days ago. */
async function expire(tenant: Tenant) {
  await q(`update companies set due_date = ${dayFromToday(-2)} where id = $1`, [tenant.companyId]);
  await q(`update invoices set due_date = (now() - interval '2 days')::date where company_id = $1`, [tenant.companyId]);
}
/** The admin pays the open invoice (the billing routes stay open) and Asaas confirms it. */
async function pay(tenant: Tenant) {
  const [invoice] = await q(`select id from invoices where company_id = $1 and status = 'open'`, [tenant.companyId]);
  const charge = await tenant.admin.api.post('/api/subscription', {
    invoiceId: invoice!.id,
    firstName: 'Ana',
    lastName: 'Souza',
    address2: 'Rua das Flores, 10',
    city: 'São Paulo',
    state: 'SP',
    zipcode: '01310-100',
    country: 'Brasil',
  });
  expect(charge.status, JSON.stringify(charge.body)).toBe(200);
  const payment = [...asaas.payments.values()].find((p) => p.externalReference === String(invoice!.id));
  const paid = await deliverAsaasEvent(t.url, asaas.event(payment!.id, 'PAYMENT_RECEIVED'), WEBHOOK_TOKEN);
  expect(paid.status).toBe(200);
  const [row] = await q(`select due_date > ${dayFromToday(0)} as ahead from companies where id = $1`, [tenant.companyId]);
  expect(row!.ahead).toBe(true);
}
async function connection(tenant: Tenant) {
  const conn = await insertCloudConnection(t, tenant.companyId, { sessionWanted: true, isDefault: true });
  await sessionsOf(t).tick();
  await eventually(
    async () => (await q('select status from whatsapps where id = $1', [conn.id]))[0]?.status === 'CONNECTED',
    10_000,
    'CONNECTED',
  );
  return conn;
}
async function socketOf(token: string) {
  const s = await connectSocket(t.url, token);
  sockets.push(s);
  return s;
}
/** Resolves with the reason the server gave when it closes the socket. */
const closed = (s: Socket) => new Promise<string>((resolve) => s.once('disconnect', (reason) => resolve(reason)));
const refusal = (token: string) =>
  connectSocket(t.url, token).then(
    (s) => {
      sockets.push(s);
      throw new Error('the socket was let in');
    },
    (err: Error & { data?: any }) => err,
  );

describe('the socket of an expired company', () => {
  it('is refused at the handshake with ERR_SUBSCRIPTION_EXPIRED; after payment it connects again', async () => {
    const a = await company();
    const staff = await createStaff(t, a);
    await expire(a);
    for (const token of [a.admin.token, staff.token]) {
      const err = await refusal(token);
      expect(err.message).toMatch(/^ERR_SUBSCRIPTION_EXPIRED: /);
      expect(err.data).toMatchObject({
        error: 'ERR_SUBSCRIPTION_EXPIRED',
        dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
    }
    await pay(a);
    await socketOf(a.admin.token);
    await socketOf(staff.token);
  });

  it('works through its due day; an open one is closed the day after (the sweep’s pass), others stay', async () => {
    const a = await company();
    const b = await company();
    const mine = await socketOf(a.admin.token);
    const theirs = await socketOf(b.admin.token);
    const hub = t.running.deps.realtime as RealtimeHub;
    // Nothing expired yet: the pass closes nothing.
    expect(await closeExpiredSockets(t.running.deps, hub)).toEqual({ closed: 0 });
    // Through its due day the company works; the day after, it does not.
    await q(`update companies set due_date = ${dayFromToday(0)} where id = $1`, [a.companyId]);
    expect(await closeExpiredSockets(t.running.deps, hub)).toEqual({ closed: 0 });
    expect((await a.admin.api.get('/api/settings')).status).toBe(200);
    await q(`update companies set due_date = ${dayFromToday(-1)} where id = $1`, [a.companyId]);
    const reason = closed(mine);
    expect(await closeExpiredSockets(t.running.deps, hub)).toEqual({ closed: 1 });
    expect(await within(reason, 2_000, 'the close')).toBe('io server disconnect');
    await pause(100);
    expect(theirs.connected).toBe(true);
  });

  it('an open one is closed at once when the operator moves the due date into the past', async () => {
    const a = await company();
    const staff = await createStaff(t, a);
    const sockets = [await socketOf(a.admin.token), await socketOf(staff.token)];
    const reasons = sockets.map(closed);
    const operator = t.api.as(await t.superToken());
    const res = await operator.put(`/api/companies/${a.companyId}`, { dueDate: '2020-01-31' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await within(Promise.all(reasons), 2_000, 'the closes')).toEqual([
      'io server disconnect',
      'io server disconnect',
    ]);
    // Moved ahead again, the company's users connect as before.
    await operator.put(`/api/companies/${a.companyId}`, { dueDate: '2098-12-31' });
    await socketOf(a.admin.token);
  });

  it("super users are never shut out, even when the platform's own company is past its date", async () => {
    const [platform] = await q('select company_id from users where super limit 1');
    const [before] = await q('select due_date::text from companies where id = $1', [platform!.company_id]);
    const superToken = await t.superToken();
    const open = await socketOf(superToken);
    const hub = t.running.deps.realtime as RealtimeHub;
    try {
      await q(`update companies set due_date = ${dayFromToday(-1)} where id = $1`, [platform!.company_id]);
      expect(await closeExpiredSockets(t.running.deps, hub)).toEqual({ closed: 0 });
      expect(open.connected).toBe(true);
      await socketOf(superToken);
    } finally {
      await q('update companies set due_date = $2 where id = $1', [platform!.company_id, before!.due_date]);
    }
  });
});

describe('the outreach of an expired company waits until it pays', () => {
  it('a running campaign sends nothing more and is not finished or failed; after payment each contact gets it once', async () => {
    const a = await company();
    const conn = await connection(a);
    // A second or so between sends: the company expires after the first.
    const saved = await a.admin.api.post('/api/campaign-settings', {
      settings: { messageInterval: 1, longerIntervalAfter: 0, greaterInterval: 0 },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const numbers = [phone(), phone(), phone(), phone()];
    const list = (await a.admin.api.post('/api/contact-lists', { name: 'Clientes' })).body;
    for (const [i, number] of numbers.entries()) {
      const res = await a.admin.api.post('/api/contact-list-items', { name: `Nome${i}`, number, contactListId: list.id });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    const sends = () => numbers.reduce((n, number) => n + sentTo(number).length, 0);
    const res = await a.admin.api.post('/api/campaigns', {
      name: 'Promoção',
      whatsappId: conn.id,
      contactListId: list.id,
      message1: 'Olá {{name}}',
      scheduledAt: new Date().toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    await graph.until(() => sends() >= 1, 15_000);
    await expire(a);
    const sentBefore = sends();
    expect(sentBefore).toBeLessThan(numbers.length);

    await pause(3_000);
    expect(sends()).toBe(sentBefore);
    expect((await a.admin.api.get(`/api/campaigns/${id}`)).status).toBe(402);
    const [waiting] = await q('select status, completed_at from campaigns where id = $1', [id]);
    expect(waiting).toEqual({ status: 'EM_ANDAMENTO', completed_at: null });
    expect(await q('select count(*)::int as n from campaign_shipping where campaign_id = $1 and failed_at is not null', [id])).toEqual([
      { n: 0 },
    ]);

    await pay(a);
    const done = await eventually(
      async () => {
        const c = (await a.admin.api.get(`/api/campaigns/${id}`)).body;
        return c.status === 'FINALIZADA' && c;
      },
      20_000,
      'FINALIZADA',
    );
    expect(done).toMatchObject({ validContacts: 4, delivered: 4, failed: 0 });
    for (const number of numbers) expect(sentTo(number), number).toHaveLength(1);
  });

  it('a due schedule stays PENDENTE and unsent; after payment it is sent once', async () => {
    const a = await company();
    await connection(a);
    const contact = await insertContact(t, a.companyId, { name: 'Maria Souza', number: phone() });
    const res = await a.admin.api.post('/api/schedules', {
      body: 'Seu horário é amanhã',
      contactId: contact.id,
      sendAt: new Date(Date.now() + 1_000).toISOString(),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    await expire(a);

    // Due for more than a sweep: still waiting.
    await pause(1_000 + SCHEDULE_SWEEP_MS + 1_000);
    expect(sentTo(contact.number)).toHaveLength(0);
    const [waiting] = await q('select status, dispatched_at, error from schedules where id = $1', [res.body.id]);
    expect(waiting).toEqual({ status: 'PENDENTE', dispatched_at: null, error: null });

    await pay(a);
    await graph.until(() => sentTo(contact.number)[0], SCHEDULE_SWEEP_MS + 10_000);
    const sent = await eventually(
      async () => {
        const s = (await a.admin.api.get(`/api/schedules/${res.body.id}`)).body;
        return s.status === 'ENVIADA' && s;
      },
      15_000,
      'ENVIADA',
    );
    expect(sent.error).toBeNull();
    await pause(SCHEDULE_SWEEP_MS + 500);
    expect(sentTo(contact.number)).toHaveLength(1);
  });
});

describe('the customers of an expired company', () => {
  it('still have their messages stored, seen once the company pays', async () => {
    const a = await company();
    const conn = await connection(a);
    await expire(a);
    const number = phone();
    const { ticketId, messageId } = await inbound(t, conn, { number, name: 'Cliente' }, 'Oi, vocês abrem hoje?');
    expect(await q('select body, from_me from messages where id = $1', [messageId])).toEqual([
      { body: 'Oi, vocês abrem hoje?', from_me: false },
    ]);
    expect((await a.admin.api.get(`/api/messages/${ticketId}`)).status).toBe(402);
    await pay(a);
    const page = await a.admin.api.get(`/api/messages/${ticketId}`);
    expect(page.status).toBe(200);
    expect(page.body.messages.map((m: { body: string }) => m.body)).toContain('Oi, vocês abrem hoje?');
  });
});
