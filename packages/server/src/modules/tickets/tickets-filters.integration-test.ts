/**
 * Issue 36, "filters and counts that tell the truth": `GET /tickets` by connection, tag, attendant
 * and unread, `orderBy=waitingLongest`, the matched message of a search, and the exact counts of
 * the bell (`GET /tickets/notifications`) and the kanban lanes past a page.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { inbound, insertConnection, insertQueue, phone, scoped, ticketRow } from '../../../test/support/inbox.js';
import { insertTickets } from '../../../test/support/bulk-tickets.js';
import { and, eq, sql } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { listOrder } from './list-conditions.js';
import type { InboundMessage } from '../../../src/channels/channel.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface Listed {
  id: number;
  matchedMessage?: { id: number; body: string; createdAt: string } | null;
  [key: string]: unknown;
}
type Page = { tickets: Listed[]; count: number; hasMore: boolean };

let t: TestApp;
let a: Tenant;
let b: Tenant;
let planId: number;

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { users: 50 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
});
afterAll(() => t.stop());

const q = (params: Record<string, unknown>) =>
  new URLSearchParams(
    Object.entries(params).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  ).toString();
const list = async (api: Api, params: Record<string, unknown> = {}) => {
  const res = await api.get(`/api/tickets?${q(params)}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
};
const ids = async (api: Api, params: Record<string, unknown> = {}) =>
  (await list(api, params)).tickets.map((x) => x.id);
const sorted = (xs: number[]) => [...xs].sort((x, y) => x - y);

/** Many customers writing at once, one message each, in one delivery: the company's tickets' ids, newest first. */
async function arriveMany(c: Tenant, conn: { id: number; companyId: number }, n: number): Promise<number[]> {
  const messages: InboundMessage[] = Array.from({ length: n }, (_, i) => {
    const number = phone();
    return {
      externalId: `bulk-${randomBytes(6).toString('hex')}`,
      chatId: number,
      isGroup: false,
      fromMe: false,
      contact: { number, name: `Cliente ${i}` },
      timestamp: new Date(),
      type: 'chat',
      body: 'oi',
    };
  });
  const summary = await t.running.eventsFor(conn).deliver({ messages });
  expect(summary.stored).toBe(n);
  const all: number[] = [];
  for (let page = 1; ; page++) {
    const p = await list(c.admin.api, { showAll: 'true', pageNumber: String(page) });
    all.push(...p.tickets.map((x) => x.id));
    if (!p.hasMore) break;
  }
  expect(all).toHaveLength(n);
  return all;
}

describe('GET /api/tickets filters', () => {
  let main: { id: number; companyId: number };
  let second: { id: number; companyId: number };
  let theirs: { id: number; companyId: number };
  let ana: Staff;
  const tk = {} as Record<'one' | 'two' | 'three', number>;

  beforeAll(async () => {
    main = await insertConnection(t, a.companyId, { name: 'Loja', isDefault: true });
    second = await insertConnection(t, a.companyId, { name: 'Financeiro' });
    theirs = await insertConnection(t, b.companyId, { name: 'Vizinha', isDefault: true });
    const queue = await insertQueue(t, a.companyId, { name: 'Vendas' });
    ana = await createStaff(t, a, { name: 'Ana', queueIds: [queue.id] });
    tk.one = (await inbound(t, main, { number: phone(), name: 'Um' }, 'primeiro')).ticketId;
    tk.two = (await inbound(t, second, { number: phone(), name: 'Dois' }, 'segundo')).ticketId;
    tk.three = (await inbound(t, main, { number: phone(), name: 'Três' }, 'terceiro')).ticketId;
    await inbound(t, theirs, { number: phone(), name: 'Outra' }, 'de outra empresa');
  });

  it('by connection: tickets on any of the given ones; another company’s connection matches nothing', async () => {
    expect(sorted(await ids(a.admin.api, { showAll: 'true', whatsappIds: [main.id] }))).toEqual(
      sorted([tk.one, tk.three]),
    );
    expect(await ids(a.admin.api, { showAll: 'true', whatsappIds: [second.id] })).toEqual([tk.two]);
    expect((await list(a.admin.api, { showAll: 'true', whatsappIds: [main.id, second.id] })).count).toBe(3);
    expect(await list(a.admin.api, { showAll: 'true', whatsappIds: [theirs.id] })).toEqual({
      tickets: [],
      count: 0,
      hasMore: false,
    });
    // …and the other company cannot list ours by naming our connection.
    expect(await ids(b.admin.api, { showAll: 'true', whatsappIds: [main.id] })).toEqual([]);
    expectInvalid(await a.admin.api.get(`/api/tickets?whatsappIds=${encodeURIComponent('["x"]')}`), 'whatsappIds.0');
  });

  it('by tag: tickets carrying it; another company’s tag matches nothing', async () => {
    const tag = await a.admin.api.post('/api/tags', { name: 'VIP', color: '#aa0000' });
    expect(tag.status).toBe(201);
    expect((await a.admin.api.put(`/api/ticket-tags/${tk.two}/${tag.body.id}`)).status).toBe(200);
    expect(await ids(a.admin.api, { showAll: 'true', tags: [tag.body.id] })).toEqual([tk.two]);
    expect(await ids(b.admin.api, { showAll: 'true', tags: [tag.body.id] })).toEqual([]);
    // Combined with the connection: both must hold.
    expect(await ids(a.admin.api, { showAll: 'true', tags: [tag.body.id], whatsappIds: [main.id] })).toEqual([]);
  });

  it('by attendant (admins) and unread only', async () => {
    const accepted = await a.admin.api.put(`/api/tickets/${tk.one}`, { status: 'open', userId: ana.id });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    expect(await ids(a.admin.api, { showAll: 'true', users: [ana.id] })).toEqual([tk.one]);
    expect(sorted(await ids(a.admin.api, { showAll: 'true', withUnreadMessages: 'true' }))).toEqual(
      sorted([tk.one, tk.two, tk.three]),
    );
    // Ana opens her ticket: reading it clears its unread count, and the filter leaves it out.
    expect((await ana.api.get(`/api/messages/${tk.one}`)).status).toBe(200);
    expect(sorted(await ids(a.admin.api, { showAll: 'true', withUnreadMessages: 'true' }))).toEqual(
      sorted([tk.two, tk.three]),
    );
    expect(await ids(ana.api, { withUnreadMessages: 'true' })).toEqual([]);
  });
});

describe('GET /api/tickets?orderBy=waitingLongest', () => {
  it('the customer waiting longest for a person first, then the tickets nobody waits on', async () => {
    const c = await createTenant(t, { planId });
    const conn = await insertConnection(t, c.companyId, { isDefault: true });
    const first = { number: phone(), name: 'Primeira' };
    const second = { number: phone(), name: 'Segunda' };
    const third = { number: phone(), name: 'Terceira' };
    const w1 = (await inbound(t, conn, first, 'oi')).ticketId;
    const w2 = (await inbound(t, conn, second, 'olá')).ticketId;
    const w3 = (await inbound(t, conn, third, 'bom dia')).ticketId;
    // An attendant answers the first: she no longer waits.
    expect((await c.admin.api.put(`/api/tickets/${w1}`, { status: 'open' })).status).toBe(200);
    expect((await c.admin.api.post(`/api/messages/${w1}`, { body: 'Olá! Como posso ajudar?' })).status).toBe(201);
    expect((await ticketRow(t, c.companyId, w1)).waitingSince).toBeNull();
    // The second writes again: she still waits since her first message, not her newest.
    const since = (await ticketRow(t, c.companyId, w2)).waitingSince;
    expect(since).not.toBeNull();
    await inbound(t, conn, second, 'alguém?');
    expect((await ticketRow(t, c.companyId, w2)).waitingSince).toEqual(since);

    const all = { showAll: 'true' };
    expect(await ids(c.admin.api, { ...all, orderBy: 'waitingLongest' })).toEqual([w2, w3, w1]);
    // In a status tab (the index's walk), and with the other filters.
    expect(await ids(c.admin.api, { ...all, status: 'pending', orderBy: 'waitingLongest' })).toEqual([w2, w3]);
    // The first writes back: now she waits too, since this message — the newest wait.
    await inbound(t, conn, first, 'obrigada, mais uma dúvida');
    expect(await ids(c.admin.api, { ...all, orderBy: 'waitingLongest' })).toEqual([w2, w3, w1]);
    expect(await ids(c.admin.api, { ...all, orderBy: 'recent' })).toEqual([w1, w2, w3]);
    // Answering the second moves her behind everyone still waiting.
    expect((await c.admin.api.put(`/api/tickets/${w2}`, { status: 'open' })).status).toBe(200);
    expect((await c.admin.api.post(`/api/messages/${w2}`, { body: 'Estou aqui' })).status).toBe(201);
    expect(await ids(c.admin.api, { ...all, orderBy: 'waitingLongest' })).toEqual([w3, w1, w2]);
    // Closing ends the wait.
    expect((await c.admin.api.put(`/api/tickets/${w3}`, { status: 'closed' })).status).toBe(200);
    expect((await ticketRow(t, c.companyId, w3)).waitingSince).toBeNull();
    // A search keeps the order too.
    expect(await ids(c.admin.api, { ...all, orderBy: 'waitingLongest', searchParam: 'o' })).toEqual([w1, w2, w3]);
    expectInvalid(await c.admin.api.get('/api/tickets?orderBy=oldest'), 'orderBy');
  });
});

describe('search: the message that matched', () => {
  it('carries the newest matching message; null when the contact matched; absent outside a search', async () => {
    const c = await createTenant(t, { planId });
    const conn = await insertConnection(t, c.companyId, { isDefault: true });
    const customer = { number: phone(), name: 'Rita' };
    const first = await inbound(t, conn, customer, 'Segue o BOLETO de março');
    const newest = await inbound(t, conn, customer, 'o boleto de abril também');
    await inbound(t, conn, customer, 'obrigada');
    const byName = await inbound(t, conn, { number: phone(), name: 'Boleteria Central' }, 'bom dia');

    const page = await list(c.admin.api, { showAll: 'true', searchParam: 'bolet' });
    expect(sorted(page.tickets.map((x) => x.id))).toEqual(sorted([first.ticketId, byName.ticketId]));
    const rita = page.tickets.find((x) => x.id === first.ticketId)!;
    expect(rita.matchedMessage).toEqual({
      id: newest.messageId,
      body: 'o boleto de abril também',
      createdAt: expect.any(String),
    });
    expect(rita.lastMessage).toBe('obrigada');
    expect(page.tickets.find((x) => x.id === byName.ticketId)!.matchedMessage).toBeNull();
    // Case-insensitive, like the search: the older message when only it matches.
    const march = await list(c.admin.api, { showAll: 'true', searchParam: 'boleto de mar' });
    expect(march.tickets.map((x) => x.matchedMessage?.id)).toEqual([first.messageId]);
    // The plain list carries none.
    expect((await list(c.admin.api, { showAll: 'true' })).tickets.every((x) => !('matchedMessage' in x))).toBe(true);
    // Another company's search finds nothing of these.
    expect(await ids(b.admin.api, { showAll: 'true', searchParam: 'boleto' })).toEqual([]);
  });
});

describe('counts past a page', () => {
  it('the bell counts every ticket waiting for the caller (45 > a page of 40)', async () => {
    const c = await createTenant(t, { planId });
    const conn = await insertConnection(t, c.companyId, { isDefault: true });
    const made = await arriveMany(c, conn, 45);
    const bell = await c.admin.api.get('/api/tickets/notifications');
    expect(bell.status).toBe(200);
    expect(bell.body).toMatchObject({ count: 45, hasMore: true });
    expect(bell.body.tickets).toHaveLength(40);
    // A user without queues and allTicket off has none waiting — until one is hers.
    const user = await createStaff(t, c, { name: 'Bia' });
    expect((await user.api.get('/api/tickets/notifications')).body).toEqual({ tickets: [], count: 0, hasMore: false });
    expect((await c.admin.api.put(`/api/tickets/${made[0]}`, { status: 'open', userId: user.id })).status).toBe(200);
    const hers = (await user.api.get('/api/tickets/notifications')).body as Page;
    expect(hers.count).toBe(1);
    expect(hers.tickets.map((x) => x.id)).toEqual([made[0]]);
    // The admin's bell: 44 pending ones still unread (Bia's open ticket is hers, not the admin's).
    expect((await c.admin.api.get('/api/tickets/notifications')).body.count).toBe(44);
    // A user with allTicket on takes pending ones too.
    const all = await createStaff(t, c, { name: 'Cris', allTicket: 'enable' });
    expect((await all.api.get('/api/tickets/notifications')).body.count).toBe(44);
    // Another company's bell stays silent.
    const theirs = (await b.admin.api.get('/api/tickets/notifications')).body as Page;
    expect(theirs.count).toBe(theirs.tickets.length);
    expect(theirs.tickets.filter((x) => made.includes(x.id))).toEqual([]);
  });

  it('the kanban lanes count every ticket in them (110 > a page of 100)', async () => {
    const c = await createTenant(t, { planId });
    const conn = await insertConnection(t, c.companyId, { isDefault: true });
    const made = await arriveMany(c, conn, 110);
    const tag = async (name: string) =>
      (await c.admin.api.post('/api/tags', { name, color: '#123456', kanban: 1 })).body.id as number;
    const doing = await tag('B Fazendo');
    const done = await tag('A Feito');
    for (const id of made.slice(0, 5))
      expect((await c.admin.api.put(`/api/ticket-tags/${id}/${doing}`)).status).toBe(200);
    // A ticket carrying two lane tags sits in the first by name, once.
    expect((await c.admin.api.put(`/api/ticket-tags/${made[0]}/${done}`)).status).toBe(200);
    const res = await c.admin.api.get(`/api/ticket/kanban?showAll=true`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.tickets).toHaveLength(100);
    expect(res.body).toMatchObject({ count: 110, hasMore: true });
    const lanes = Object.fromEntries(
      (res.body.lanes as { tagId: number | null; count: number }[]).map((l) => [String(l.tagId), l.count]),
    );
    expect(lanes).toEqual({ null: 105, [doing]: 4, [done]: 1 });
    // Another company's board holds none of them, and its lanes add up to its own count.
    const theirs = (await b.admin.api.get('/api/ticket/kanban?showAll=true')).body as Page & {
      lanes: { count: number }[];
    };
    expect(theirs.tickets.filter((x) => made.includes(x.id))).toEqual([]);
    expect(theirs.lanes.reduce((n, l) => n + l.count, 0)).toBe(theirs.count);
  });
});

describe('the waiting order at a few thousand tickets', () => {
  it('a status tab walks tickets_company_status_waiting_idx and stops at the page: no sort', async () => {
    const c = await createTenant(t, { planId });
    const now = Date.now();
    const made = await insertTickets(
      t,
      c.companyId,
      Array.from({ length: 3000 }, (_, i) => ({ updatedAt: new Date(now - i * 1000), status: 'pending' as const })),
    );
    // Half of them waiting, since times in no particular relation to their ids.
    await scoped(t, c.companyId, (tx) =>
      tx.execute(sql`update tickets set waiting_since = now() - make_interval(secs => (id * 7919) % 5000)
                      where id = any(${sql.param(made.filter((_, i) => i % 2 === 0))}::int[])`),
    );
    await t.running.deps.pools.owner.query('analyze tickets');
    const plan = await scoped(t, c.companyId, async (tx) => {
      const page = tx
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.companyId, c.companyId), eq(tickets.status, 'pending')))
        .orderBy(...listOrder('waitingLongest'))
        .limit(41);
      const { rows } = await tx.execute<{ 'QUERY PLAN': string }>(sql`explain ${page}`);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('tickets_company_status_waiting_idx');
    expect(plan).not.toMatch(/Sort/);
    // And the app answers that order: the waiting ones first, oldest wait first.
    const page = await list(c.admin.api, { status: 'pending', orderBy: 'waitingLongest' });
    expect(page.count).toBe(3000);
    const since = page.tickets.map((x) => Date.parse(String(x.waitingSince)));
    expect(since.every((s) => !Number.isNaN(s))).toBe(true);
    expect([...since].sort((x, y) => x - y)).toEqual(since);
  });
});
