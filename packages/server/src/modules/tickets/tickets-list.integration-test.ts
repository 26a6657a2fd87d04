import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { sql } from 'drizzle-orm';
import {
  inbound,
  insertConnection,
  insertQueue,
  phone,
  scoped,
  storedMessages,
  updateTicketRow,
} from '../../../test/support/inbox.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface Listed {
  id: number;
  status: string;
  queueId: number | null;
  userId: number | null;
  updatedAt: string;
  unreadMessages: number;
  [key: string]: unknown;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
let qA: { id: number; name: string; color: string };
let qB: { id: number };
let conn: { id: number; companyId: number; name: string };
let userA: Staff;
let userB: Staff;
let userAll: Staff;
/** Tickets of company a: Alice (queue A, pending), Bruno (queue B), Carlos (no queue), Dora (queue A, open with Ana). */
const tk = {} as Record<'alice' | 'bruno' | 'carlos' | 'dora', { id: number; number: string }>;

async function arrive(name: string, body: string, queueId: number | null) {
  const number = phone();
  const r = await inbound(t, conn, { number, name }, body);
  if (queueId !== null) await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return { id: r.ticketId, number };
}

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId, { name: 'Vendas' });
  qB = await insertQueue(t, a.companyId, { name: 'Suporte' });
  conn = await insertConnection(t, a.companyId, { name: 'Principal', isDefault: true });
  userA = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  userB = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
  userAll = await createStaff(t, a, { name: 'Carla Geral', allTicket: 'enable' });
  tk.alice = await arrive('Alice Souza', 'Quero comprar um SOFÁ azul', qA.id);
  tk.bruno = await arrive('Bruno Lima', 'minha entrega atrasou', qB.id);
  tk.carlos = await arrive('Carlos', 'oi, 100% de desconto?', null);
  tk.dora = await arrive('Dora', 'bom dia', qA.id);
  const accepted = await userA.api.put(`/api/tickets/${tk.dora.id}`, { status: 'open' });
  expect(accepted.status).toBe(200);
});
afterAll(() => t.stop());

const list = async (api: Api, query = '') => {
  const res = await api.get(`/api/tickets${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { tickets: Listed[]; count: number; hasMore: boolean };
};
const idsOf = async (api: Api, query = '') => (await list(api, query)).tickets.map((x) => x.id);
const ALL = [() => tk.alice.id, () => tk.bruno.id, () => tk.carlos.id, () => tk.dora.id];

describe('GET /api/tickets', () => {
  it('answers {tickets, count, hasMore}, newest updatedAt first, each with its contact, queue, user, connection and tags', async () => {
    const body = await list(a.admin.api, 'showAll=true');
    expect(body.count).toBe(4);
    expect(body.hasMore).toBe(false);
    expect(body.tickets.map((x) => x.id)).toEqual([tk.dora.id, tk.carlos.id, tk.bruno.id, tk.alice.id]);
    const times = body.tickets.map((x) => Date.parse(x.updatedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const dora = body.tickets[0]!;
    expect(dora).toMatchObject({
      status: 'open',
      contact: { id: expect.any(Number), name: 'Dora', number: tk.dora.number, profilePicUrl: '' },
      queue: { id: qA.id, name: 'Vendas', color: qA.color },
      user: { id: userA.id, name: 'Ana Vendas' },
      whatsapp: { id: conn.id, name: 'Principal', status: expect.any(String) },
      tags: [],
      unreadMessages: 1,
      lastMessage: 'bom dia',
    });
    const carlos = body.tickets[1]!;
    expect(carlos).toMatchObject({ queue: null, user: null, queueId: null });
  });

  it("a user sees their queues' tickets and their own, never another queue's", async () => {
    const ana = await idsOf(userA.api);
    expect(ana.sort()).toEqual([tk.alice.id, tk.dora.id].sort());
    expect(await idsOf(userB.api)).toEqual([tk.bruno.id]);
    expect(await idsOf(userAll.api)).toEqual([tk.carlos.id]);
    // showAll needs tickets-manager:showall: a user asking for it still gets their own scope.
    expect((await idsOf(userA.api, 'showAll=true')).sort()).toEqual(ana);
    // Searching does not widen it either.
    expect(await idsOf(userA.api, 'searchParam=entrega')).toEqual([]);
  });

  it('an admin lists everything with showAll=true; without it every pending ticket (queueless, any queue) and their own', async () => {
    // The tenant's admin has no queues and allTicket off, like a new company's.
    const pending = [tk.alice.id, tk.bruno.id, tk.carlos.id].sort();
    expect((await idsOf(a.admin.api)).sort()).toEqual(pending);
    // Ana's open ticket (queue A) stays behind showAll.
    expect(await idsOf(a.admin.api)).not.toContain(tk.dora.id);
    expect((await idsOf(a.admin.api, 'showAll=true')).sort()).toEqual(ALL.map((f) => f()).sort());
    // The waiting tab's own query (issue 18 relies on it): queueless pending ones included.
    expect((await idsOf(a.admin.api, `status=pending&queueIds=${encodeURIComponent('[]')}`)).sort()).toEqual(pending);
    expect(await idsOf(a.admin.api, 'status=open')).toEqual([]);
    expect((await idsOf(a.admin.api, 'showAll=true&status=open')).sort()).toEqual([tk.dora.id]);
    // The count and the bell's query follow the same scope.
    expect((await list(a.admin.api, 'withUnreadMessages=true')).count).toBe(3);
    expect(await idsOf(a.admin.api, 'searchParam=entrega')).toEqual([tk.bruno.id]);
    expect(await idsOf(a.admin.api, 'searchParam=bom%20dia')).toEqual([]);
  });

  it("a plain user's scope is unchanged: other queues' pending tickets stay out", async () => {
    expect(await idsOf(userA.api, 'status=pending')).toEqual([tk.alice.id]);
    expect(await idsOf(userB.api, 'status=pending')).toEqual([tk.bruno.id]);
    expect(await idsOf(userAll.api, 'status=pending')).toEqual([tk.carlos.id]);
  });

  it('another company sees none of them', async () => {
    const theirs = await list(b.admin.api, 'showAll=true');
    expect(theirs).toEqual({ tickets: [], count: 0, hasMore: false });
  });

  it('filters by status, queues (with queueless ones), users (admins only) and unread messages', async () => {
    expect(await idsOf(a.admin.api, 'showAll=true&status=open')).toEqual([tk.dora.id]);
    expect((await idsOf(a.admin.api, 'showAll=true&status=pending')).sort()).toEqual(
      [tk.alice.id, tk.bruno.id, tk.carlos.id].sort(),
    );
    expect(await idsOf(a.admin.api, 'showAll=true&status=closed')).toEqual([]);
    expect(
      (await idsOf(a.admin.api, `showAll=true&queueIds=${encodeURIComponent(JSON.stringify([qB.id]))}`)).sort(),
    ).toEqual([tk.bruno.id, tk.carlos.id].sort());
    expect(await idsOf(a.admin.api, `showAll=true&users=${encodeURIComponent(JSON.stringify([userA.id]))}`)).toEqual([
      tk.dora.id,
    ]);
    // The user filter is an admin's: a user's list stays their own.
    expect((await idsOf(userA.api, `users=${encodeURIComponent(JSON.stringify([userB.id]))}`)).sort()).toEqual(
      [tk.alice.id, tk.dora.id].sort(),
    );
    await updateTicketRow(t, a.companyId, tk.bruno.id, { unreadMessages: 0 });
    const unread = await idsOf(a.admin.api, 'showAll=true&withUnreadMessages=true');
    expect(unread).not.toContain(tk.bruno.id);
    expect(unread).toHaveLength(3);
    // tags narrow the list to tickets carrying them (none here; tags/tags.integration-test.ts covers it)
    expect(await idsOf(a.admin.api, `showAll=true&tags=${encodeURIComponent('[1,2]')}`)).toEqual([]);
  });

  it("filters by the day of creation and of the last update, in the company's time zone", async () => {
    // 01:00 UTC on the 16th is 22:00 on the 15th in São Paulo.
    await updateTicketRow(t, a.companyId, tk.carlos.id, {
      createdAt: new Date('2024-01-16T01:00:00Z'),
      updatedAt: new Date('2024-02-10T12:00:00Z'),
    });
    expect(await idsOf(a.admin.api, 'showAll=true&date=2024-01-15')).toEqual([tk.carlos.id]);
    expect(await idsOf(a.admin.api, 'showAll=true&date=2024-01-16')).toEqual([]);
    expect(await idsOf(a.admin.api, 'showAll=true&updatedAt=2024-02-10')).toEqual([tk.carlos.id]);
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    expect((await idsOf(a.admin.api, `showAll=true&date=${today}`)).sort()).toEqual(
      [tk.alice.id, tk.bruno.id, tk.dora.id].sort(),
    );
  });

  it('searches contact names, numbers and message texts, lower-cased, with % and _ taken literally', async () => {
    expect(await idsOf(a.admin.api, 'showAll=true&searchParam=alice')).toEqual([tk.alice.id]);
    expect(await idsOf(a.admin.api, `showAll=true&searchParam=${tk.bruno.number.slice(-6)}`)).toEqual([tk.bruno.id]);
    expect(await idsOf(a.admin.api, `showAll=true&searchParam=${encodeURIComponent('sofá azul')}`)).toEqual([
      tk.alice.id,
    ]);
    expect(await idsOf(a.admin.api, `showAll=true&searchParam=${encodeURIComponent('100%')}`)).toEqual([tk.carlos.id]);
    expect(await idsOf(a.admin.api, `showAll=true&searchParam=${encodeURIComponent('%')}`)).toEqual([tk.carlos.id]);
    expect(await idsOf(a.admin.api, 'showAll=true&searchParam=nothing-like-this')).toEqual([]);
    const body = await list(a.admin.api, 'showAll=true&searchParam=entrega');
    expect(body).toMatchObject({ count: 1, hasMore: false });
  });

  it("search stays within the company: the search functions read only the caller's tenant", async () => {
    const bconn = await insertConnection(t, b.companyId, { isDefault: true });
    const theirs = await inbound(t, bconn, { number: phone(), name: 'Alice Vizinha' }, 'também quero um sofá azul');
    expect(await idsOf(a.admin.api, 'showAll=true&searchParam=alice')).toEqual([tk.alice.id]);
    expect(await idsOf(a.admin.api, `showAll=true&searchParam=${encodeURIComponent('sofá azul')}`)).toEqual([
      tk.alice.id,
    ]);
    expect(await idsOf(b.admin.api, `showAll=true&searchParam=${encodeURIComponent('sofá azul')}`)).toEqual([
      theirs.ticketId,
    ]);
    const direct = (companyId: number) =>
      scoped(t, companyId, async (tx) =>
        (await tx.execute<{ id: number }>(sql`select tenant_message_ticket_ids('sofá') as id`)).rows.map((r) => r.id),
      );
    expect(await direct(b.companyId)).toEqual([theirs.ticketId]);
    expect(await direct(a.companyId)).toEqual([tk.alice.id]);
    // Outside a tenant transaction the app's role sees nothing, through the functions too.
    const outside = await t.running.deps.pools.app.query(`select tenant_message_ticket_ids('sofá') as id`);
    expect(outside.rows).toEqual([]);
  });

  it('refuses bad parameters naming them', async () => {
    expectInvalid(await a.admin.api.get('/api/tickets?status=archived'), 'status');
    expectInvalid(await a.admin.api.get(`/api/tickets?queueIds=${encodeURIComponent('[1,')}`), 'queueIds');
    expectInvalid(await a.admin.api.get(`/api/tickets?users=${encodeURIComponent('["x"]')}`), 'users.0');
    expectInvalid(await a.admin.api.get('/api/tickets?date=2024-13-01'), 'date');
    expectInvalid(await a.admin.api.get('/api/tickets?pageNumber=0'), 'pageNumber');
  });
});

describe('GET /api/tickets pages', () => {
  it('40 a page: hasMore until the last page, with count the total', async () => {
    const p = await createTenant(t);
    const pconn = await insertConnection(t, p.companyId, { isDefault: true });
    const made: number[] = [];
    for (let i = 0; i < 41; i++)
      made.push((await inbound(t, pconn, { number: phone(), name: `P${i}` }, `m${i}`)).ticketId);
    const first = await list(p.admin.api, 'showAll=true');
    expect(first).toMatchObject({ count: 41, hasMore: true });
    expect(first.tickets).toHaveLength(40);
    const second = await list(p.admin.api, 'showAll=true&pageNumber=2');
    expect(second).toMatchObject({ count: 41, hasMore: false });
    expect(second.tickets).toHaveLength(1);
    // newest first, no ticket twice, none missing
    expect([...first.tickets, ...second.tickets].map((x) => x.id)).toEqual([...made].reverse());
  });
});

describe("GET /api/tickets — an admin's default scope as tickets move", () => {
  it('an admin who accepted a ticket keeps it, and a ticket another admin has stays behind showAll', async () => {
    const other = await createStaff(t, a, { name: 'Outra Admin', profile: 'admin' });
    const r = await arrive('Eva', 'oi', qB.id);
    expect(await idsOf(other.api, 'status=pending')).toContain(r.id);
    expect((await other.api.put(`/api/tickets/${r.id}`, { status: 'open' })).status).toBe(200);
    expect(await idsOf(other.api, 'status=open')).toEqual([r.id]);
    expect(await idsOf(a.admin.api)).not.toContain(r.id);
    expect(await idsOf(a.admin.api, 'showAll=true')).toContain(r.id);
    // Back to pending, it is everyone's to take again (closed, it leaves the default list).
    expect((await other.api.put(`/api/tickets/${r.id}`, { status: 'pending' })).status).toBe(200);
    expect(await idsOf(a.admin.api)).toContain(r.id);
    await updateTicketRow(t, a.companyId, r.id, { status: 'closed', userId: null });
    expect(await idsOf(a.admin.api, 'status=closed')).toEqual([]);
  });

  it("carries lastMessageAt, the newest message's time: accepting moves updatedAt, not it; a reply does", async () => {
    const r = await arrive('Gil', 'bom dia', null);
    const [customer] = await storedMessages(t, a.companyId, r.id);
    const first = (await a.admin.api.get(`/api/tickets/${r.id}`)).body;
    expect(Date.parse(first.lastMessageAt)).toBe(customer!.createdAt.getTime());
    await new Promise((done) => setTimeout(done, 20));
    const accepted = await a.admin.api.put(`/api/tickets/${r.id}`, { status: 'open' });
    expect(accepted.status).toBe(200);
    expect(accepted.body.lastMessageAt).toBe(first.lastMessageAt);
    expect(Date.parse(accepted.body.updatedAt)).toBeGreaterThan(Date.parse(first.lastMessageAt));
    const listed = (await list(a.admin.api, 'status=open')).tickets.find((x) => x.id === r.id)!;
    expect(listed.lastMessageAt).toBe(first.lastMessageAt);
    expect((await a.admin.api.post(`/api/messages/${r.id}`, { body: 'Bom dia, Gil!' })).status).toBe(201);
    const replied = (await a.admin.api.get(`/api/tickets/${r.id}`)).body;
    const reply = (await storedMessages(t, a.companyId, r.id)).at(-1)!;
    expect(Date.parse(replied.lastMessageAt)).toBe(reply.createdAt.getTime());
  });
});
