/**
 * Automatic assignment (issue 36): a ticket entering a queue with `autoAssign` without a user goes
 * open to the member online with the fewest open tickets there, ties to the longest idle, within
 * the `autoAssignMaxOpen` cap; nobody eligible → it waits, and is assigned when someone comes
 * online or frees a slot. Customers write in through the real inbound pipeline (the chatbot puts
 * them in the connection's only queue); attendants are real sockets.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { and, eq, sql } from 'drizzle-orm';
import { PRESENCE_CLIENT_EVENT } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, linkConnectionQueues, type Tenant } from '../../../test/support/factories.js';
import { connectSocket } from '../../../test/support/socket.js';
import { expectInvalid } from '../../../test/support/expect.js';
import { inbound, insertConnection, listen, phone, putSetting, scoped, ticketRow } from '../../../test/support/inbox.js';
import { ticketActivities, tickets, users } from '../../db/schema/index.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
let planId: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { users: 20, connections: 5, queues: 10 })).id;
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t?.stop());

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

/** A company with a queue (autoAssign as asked) that its connection's customers join, and `n` members. */
async function setup(n: number, autoAssign = true) {
  const tenant = await createTenant(t, { planId });
  const created = await tenant.admin.api.post('/api/queue', { name: 'Vendas', color: '#123456', autoAssign });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const queueId = created.body.id as number;
  const conn = await insertConnection(t, tenant.companyId);
  await linkConnectionQueues(t, tenant.companyId, conn.id, [queueId]);
  const members: Staff[] = [];
  for (let i = 0; i < n; i++) members.push(await createStaff(t, tenant, { name: `Membro ${i}`, queueIds: [queueId] }));
  return { tenant, queueId, conn, members };
}

const presenceOf = async (companyId: number, userId: number) =>
  (await scoped(t, companyId, (tx) => tx.select({ p: users.presence }).from(users).where(eq(users.id, userId))))[0]!.p;

async function until(check: () => Promise<boolean>, what: string, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A tab of `member` connected, and the server counting them online. */
async function online(tenant: Tenant, member: { id: number; token: string }) {
  const socket = await connectSocket(t.url, member.token);
  sockets.push(socket);
  await until(async () => (await presenceOf(tenant.companyId, member.id)) === 'online', `user ${member.id} online`);
  return socket;
}

/** The tab reports the user's last input at `at`; answers once the server stored it. */
async function activity(tenant: Tenant, socket: Socket, userId: number, at: string) {
  socket.emit(PRESENCE_CLIENT_EVENT, { lastActivityAt: at });
  await until(async () => {
    const [row] = await scoped(t, tenant.companyId, (tx) =>
      tx.select({ at: users.lastActivityAt }).from(users).where(eq(users.id, userId)),
    );
    return row?.at?.toISOString() === new Date(at).toISOString();
  }, 'activity stored');
}

/** A new customer writes in; answers their ticket as stored once the pipeline (and the bot) are done. */
async function arrive(conn: { id: number; companyId: number }) {
  const { ticketId } = await inbound(t, conn, { number: phone(), name: 'Cliente' }, 'Oi');
  return ticketRow(t, conn.companyId, ticketId);
}

async function openCount(companyId: number, userId: number) {
  const rows = await scoped(t, companyId, (tx) =>
    tx.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.userId, userId), eq(tickets.status, 'open'))),
  );
  return rows.length;
}

describe('queues store autoAssign', () => {
  it('is false unless asked, and create, update, get and list carry it', async () => {
    const { tenant, queueId } = await setup(0, false);
    const api = tenant.admin.api;
    expect((await api.get(`/api/queue/${queueId}`)).body.autoAssign).toBe(false);
    const put = await api.put(`/api/queue/${queueId}`, { autoAssign: true });
    expect(put.status).toBe(200);
    expect(put.body.autoAssign).toBe(true);
    expect((await api.get(`/api/queue/${queueId}`)).body.autoAssign).toBe(true);
    const list = await api.get('/api/queue');
    expect(list.body.find((q: { id: number }) => q.id === queueId).autoAssign).toBe(true);
    expectInvalid(await api.put(`/api/queue/${queueId}`, { autoAssign: 'yes' }), 'autoAssign');
  });

  it('the cap setting takes a whole number or nothing', async () => {
    const tenant = await createTenant(t, { planId });
    for (const bad of ['0', '-1', 'abc', '1.5', '10000'])
      expectInvalid(await tenant.admin.api.put('/api/settings/autoAssignMaxOpen', { value: bad }), 'value');
    await putSetting(tenant, 'autoAssignMaxOpen', '3');
    await putSetting(tenant, 'autoAssignMaxOpen', '');
  });
});

describe('automatic assignment', () => {
  it('gives a new customer to the online member with the fewest open tickets there, as the system, heard live', async () => {
    const { tenant, conn, members } = await setup(3);
    const [ana, bia, caio] = members as [Staff, Staff, Staff];
    await online(tenant, ana);
    const biaSocket = await online(tenant, bia);
    // caio stays offline: never chosen, although he has nothing open.
    const first = await arrive(conn);
    const second = await arrive(conn);
    const third = await arrive(conn);
    // Both at 0: the longer idle (ana connected first) takes it; then the one with fewer; a tie again: ana.
    expect([first, second, third].map((x) => [x.status, x.userId])).toEqual([
      ['open', ana.id],
      ['open', bia.id],
      ['open', ana.id],
    ]);
    expect(await openCount(tenant.companyId, caio.id)).toBe(0);

    // The trail says the system assigned it, and to whom.
    const trail = await tenant.admin.api.get(`/api/tickets/${first.id}/activity`);
    expect(trail.body.records).toContainEqual(
      expect.objectContaining({ action: 'assigned', userId: null, toUserId: first.userId }),
    );
    // The attendant's tab hears their new ticket.
    const heard = listen(biaSocket, `company-${tenant.companyId}-ticket`);
    const fourth = await arrive(conn);
    expect(fourth.userId).toBe(bia.id);
    await heard.waitFor((e) => e.action === 'update' && e.ticket.id === fourth.id && e.ticket.userId === bia.id);
  });

  it('breaks a tie by the longest idle', async () => {
    const { tenant, conn, members } = await setup(2);
    const [ana, bia] = members as [Staff, Staff];
    const anaSocket = await online(tenant, ana);
    const biaSocket = await online(tenant, bia);
    await activity(tenant, biaSocket, bia.id, minutesAgo(3));
    await activity(tenant, anaSocket, ana.id, minutesAgo(1));
    expect((await arrive(conn)).userId).toBe(bia.id);
    // Now bia has one open: ana, with none, takes the next whatever her idle time.
    expect((await arrive(conn)).userId).toBe(ana.id);
  });

  it('prefers online to away, and gives to an away member only when nobody online can take it', async () => {
    const { tenant, conn, members } = await setup(2);
    const [ana, bia] = members as [Staff, Staff];
    const anaSocket = await online(tenant, ana);
    await online(tenant, bia);
    await activity(tenant, anaSocket, ana.id, minutesAgo(10));
    expect(await presenceOf(tenant.companyId, ana.id)).toBe('away');
    expect((await arrive(conn)).userId).toBe(bia.id);
    expect((await arrive(conn)).userId).toBe(bia.id);
    await putSetting(tenant, 'autoAssignMaxOpen', '2');
    expect((await arrive(conn)).userId).toBe(ana.id);
  });

  it('skips members at the cap; the waiting ticket goes when one of them frees a slot', async () => {
    const { tenant, conn, members } = await setup(2);
    const [ana, bia] = members as [Staff, Staff];
    await putSetting(tenant, 'autoAssignMaxOpen', '1');
    await online(tenant, ana);
    await online(tenant, bia);
    const one = await arrive(conn);
    const two = await arrive(conn);
    expect(new Set([one.userId, two.userId])).toEqual(new Set([ana.id, bia.id]));
    const waiting = await arrive(conn);
    expect(waiting).toMatchObject({ status: 'pending', userId: null });

    const closer = one.userId === ana.id ? ana : bia;
    const closed = await closer.api.put(`/api/tickets/${one.id}`, { status: 'closed' });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    expect(await ticketRow(t, tenant.companyId, waiting.id)).toMatchObject({ status: 'open', userId: closer.id });
    expect(await openCount(tenant.companyId, closer.id)).toBe(1);
  });

  it('never gives a returned ticket back to whoever returned it: someone else takes it, or it waits for someone else', async () => {
    const { tenant, conn, members } = await setup(2);
    const [ana, bia] = members as [Staff, Staff];
    const { sweepPresence } = await import('../../automation/presence-sweep.js');
    await online(tenant, ana);
    const ticket = await arrive(conn);
    expect(ticket).toMatchObject({ status: 'open', userId: ana.id });
    const returned = await ana.api.put(`/api/tickets/${ticket.id}`, { status: 'pending', userId: null });
    expect(returned.status, JSON.stringify(returned.body)).toBe(200);
    // Ana is the only one online and has nothing open: the sweep passes her over.
    await sweepPresence(t.running.deps);
    expect(await ticketRow(t, tenant.companyId, ticket.id)).toMatchObject({ status: 'pending', userId: null });
    // Another customer meanwhile still goes to her.
    expect(await arrive(conn)).toMatchObject({ status: 'open', userId: ana.id });
    // Bia connects: the returned ticket is hers.
    await online(tenant, bia);
    await until(async () => (await ticketRow(t, tenant.companyId, ticket.id)).userId === bia.id, 'given to bia');
  });

  it('a bulk close frees the slot within its chunk: the waiting ticket assigned there is closed as the assigned one it now is', async () => {
    const { tenant, conn, members } = await setup(1);
    const [ana] = members as [Staff];
    await putSetting(tenant, 'autoAssignMaxOpen', '1');
    await online(tenant, ana);
    const held = await arrive(conn);
    const waiting = await arrive(conn);
    expect(held).toMatchObject({ status: 'open', userId: ana.id });
    expect(waiting).toMatchObject({ status: 'pending', userId: null });

    // One chunk: closing `held` assigns `waiting` to Ana; its close then starts from that, not from
    // the waiting row the chunk read at its start (which would close it with nobody's name).
    const res = await tenant.admin.api.post('/api/tickets/bulk', { ticketIds: [held.id, waiting.id], action: 'close' });
    expect(res.body).toEqual({ updated: 2, skipped: [] });
    expect(await ticketRow(t, tenant.companyId, waiting.id)).toMatchObject({ status: 'closed', userId: ana.id });
    const trail = await scoped(t, tenant.companyId, (tx) =>
      tx
        .select({ action: ticketActivities.action, toUserId: ticketActivities.toUserId })
        .from(ticketActivities)
        .where(eq(ticketActivities.ticketId, waiting.id))
        .orderBy(ticketActivities.id),
    );
    expect(trail.slice(-2)).toEqual([
      { action: 'assigned', toUserId: ana.id },
      { action: 'closed', toUserId: null },
    ]);
  });

  it('lets a ticket wait while nobody is online, and assigns it when a member connects', async () => {
    const { tenant, conn, members } = await setup(1);
    const [ana] = members as [Staff];
    const first = await arrive(conn);
    const second = await arrive(conn);
    expect(first).toMatchObject({ status: 'pending', userId: null });
    await online(tenant, ana);
    await until(async () => (await ticketRow(t, tenant.companyId, second.id)).userId === ana.id, 'assigned on connect');
    expect(await ticketRow(t, tenant.companyId, first.id)).toMatchObject({ status: 'open', userId: ana.id });
  });

  it('leaves tickets of a queue without autoAssign waiting, and offers them once it is turned on', async () => {
    const { tenant, queueId, conn, members } = await setup(1, false);
    await online(tenant, members[0]!);
    const ticket = await arrive(conn);
    expect(ticket.queueId).not.toBeNull();
    expect(ticket).toMatchObject({ status: 'pending', userId: null });
    expect((await tenant.admin.api.put(`/api/queue/${queueId}`, { autoAssign: true })).status).toBe(200);
    expect(await ticketRow(t, tenant.companyId, ticket.id)).toMatchObject({ status: 'open', userId: members[0]!.id });
  });

  it('assigns a ticket transferred to the queue without a user, one at a time and in bulk', async () => {
    const { tenant, queueId, members } = await setup(1);
    const [ana] = members as [Staff];
    await online(tenant, ana);
    const other = await insertConnection(t, tenant.companyId);
    const loose = await arrive(other);
    const moved = await tenant.admin.api.put(`/api/tickets/${loose.id}`, { queueId });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body).toMatchObject({ status: 'open', userId: ana.id, queueId });
    const actions = (await tenant.admin.api.get(`/api/tickets/${loose.id}/activity`)).body.records.map(
      (r: { action: string }) => r.action,
    );
    expect(actions.slice(-2)).toEqual(['transferred', 'assigned']);

    const more = [await arrive(other), await arrive(other)];
    const bulk = await tenant.admin.api.post('/api/tickets/bulk', {
      ticketIds: more.map((x) => x.id),
      action: 'transfer',
      queueId,
    });
    expect(bulk.body).toMatchObject({ updated: 2 });
    for (const x of more) expect(await ticketRow(t, tenant.companyId, x.id)).toMatchObject({ status: 'open', userId: ana.id });
  });
});

describe('presence', () => {
  it('is online on connect, away from idle time, online again on input, offline when the last tab closes — each heard', async () => {
    const { tenant, members } = await setup(1);
    const [ana] = members as [Staff];
    const watcher = await connectSocket(t.url, tenant.admin.token);
    sockets.push(watcher);
    const heard = listen(watcher, `company-${tenant.companyId}-user`);
    const mine = (p: string) => (e: { action: string; userId: number; presence: string }) =>
      e.action === 'presence' && e.userId === ana.id && e.presence === p;

    const tab = await online(tenant, ana);
    await heard.waitFor(mine('online'));
    const api = tenant.admin.api;
    expect((await api.get(`/api/users/${ana.id}`)).body).toMatchObject({ online: true, presence: 'online' });

    await activity(tenant, tab, ana.id, minutesAgo(6));
    await heard.waitFor(mine('away'));
    expect((await api.get(`/api/users/${ana.id}`)).body).toMatchObject({ online: true, presence: 'away' });
    const listed = (await api.get('/api/users/list')).body.find((u: { id: number }) => u.id === ana.id);
    expect(listed).toMatchObject({ online: true, presence: 'away' });
    const dash = await api.get('/api/dashboard?days=7');
    expect(dash.body.attendants.find((u: { id: number }) => u.id === ana.id)).toMatchObject({ presence: 'away' });

    tab.emit(PRESENCE_CLIENT_EVENT, { lastActivityAt: new Date().toISOString() });
    await heard.waitFor((e) => mine('online')(e) && heard.heard.filter(mine('online')).length === 2);
    // A malformed report changes nothing.
    tab.emit(PRESENCE_CLIENT_EVENT, { lastActivityAt: 'yesterday' });
    tab.close();
    await heard.waitFor(mine('offline'));
    expect((await api.get(`/api/users/${ana.id}`)).body).toMatchObject({ online: false, presence: 'offline' });
  });

  it('the sweep turns the idle away', async () => {
    const { tenant, members } = await setup(1);
    const [ana] = members as [Staff];
    const watcher = await connectSocket(t.url, tenant.admin.token);
    sockets.push(watcher);
    const heard = listen(watcher, `company-${tenant.companyId}-user`);
    await online(tenant, ana);
    await scoped(t, tenant.companyId, (tx) =>
      tx.update(users).set({ lastActivityAt: sql`now() - interval '7 minutes'` }).where(eq(users.id, ana.id)),
    );
    const { sweepPresence } = await import('../../automation/presence-sweep.js');
    const did = await sweepPresence(t.running.deps);
    expect(did.away).toBeGreaterThanOrEqual(1);
    await heard.waitFor((e) => e.action === 'presence' && e.userId === ana.id && e.presence === 'away');
  });
});

describe('a burst', () => {
  it('200 customers at once to a queue with five online members: 40 each, none twice, none lost', async () => {
    const { tenant, conn, members } = await setup(5);
    for (const m of members) await online(tenant, m);
    const arrivals = await Promise.all(
      Array.from({ length: 200 }, () => inbound(t, conn, { number: phone(), name: 'Cliente' }, 'Oi')),
    );
    const ids = new Set(arrivals.map((a) => a.ticketId));
    expect(ids.size).toBe(200);

    const rows = await scoped(t, tenant.companyId, (tx) =>
      tx.select({ id: tickets.id, status: tickets.status, userId: tickets.userId }).from(tickets),
    );
    expect(rows).toHaveLength(200);
    expect(rows.every((r) => r.status === 'open')).toBe(true);
    const perUser = members.map((m) => rows.filter((r) => r.userId === m.id).length);
    expect(perUser).toEqual([40, 40, 40, 40, 40]);

    const assigned = await scoped(t, tenant.companyId, (tx) =>
      tx
        .select({ ticketId: ticketActivities.ticketId, toUserId: ticketActivities.toUserId })
        .from(ticketActivities)
        .where(eq(ticketActivities.action, 'assigned')),
    );
    expect(assigned).toHaveLength(200);
    expect(new Set(assigned.map((a) => a.ticketId)).size).toBe(200);
    const owner = new Map(rows.map((r) => [r.id, r.userId]));
    expect(assigned.every((a) => owner.get(a.ticketId) === a.toUserId)).toBe(true);
  }, 120_000);
});
