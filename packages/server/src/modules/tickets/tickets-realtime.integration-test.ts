/**
 * Ticket events reach exactly the sockets allowed to see the ticket: the company's admins, the
 * members of its queue (or allTicket users when it has none) and its user — never another queue's
 * attendants nor another company.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { connectSocket } from '../../../test/support/socket.js';
import {
  inbound,
  insertConnection,
  insertQueue,
  listen,
  phone,
  settle,
  updateTicketRow,
} from '../../../test/support/inbox.js';
import type { RealtimeHub } from '../../platform/realtime.js';
import { chatBoxRoom } from './socket-handlers.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface TicketEvent {
  action: string;
  ticket?: { id: number; unreadMessages: number; queueId: number | null; userId: number | null; status: string };
  ticketId?: number;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
let qA: { id: number };
let qB: { id: number };
let conn: { id: number; companyId: number };
let userA: Staff;
let userB: Staff;
let userAll: Staff;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId, { name: 'Vendas' });
  qB = await insertQueue(t, a.companyId, { name: 'Suporte' });
  conn = await insertConnection(t, a.companyId, { isDefault: true });
  userA = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  userB = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
  userAll = await createStaff(t, a, { name: 'Carla Geral', allTicket: 'enable' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.stop());

const connect = async (token: string) => {
  const s = await connectSocket(t.url, token);
  open.push(s);
  return s;
};

/** Sockets of everyone, each listening to company a's ticket and appMessage events. */
async function everyone() {
  const sockets = {
    admin: await connect(a.admin.token),
    ana: await connect(userA.token),
    bruno: await connect(userB.token),
    carla: await connect(userAll.token),
    neighbour: await connect(b.admin.token),
  };
  const tickets = Object.fromEntries(
    Object.entries(sockets).map(([who, s]) => [who, listen<TicketEvent>(s, `company-${a.companyId}-ticket`)]),
  ) as Record<keyof typeof sockets, ReturnType<typeof listen<TicketEvent>>>;
  const messages = Object.fromEntries(
    Object.entries(sockets).map(([who, s]) => [who, listen(s, `company-${a.companyId}-appMessage`)]),
  ) as Record<keyof typeof sockets, ReturnType<typeof listen>>;
  return { sockets, tickets, messages, all: Object.values(sockets) };
}

const about = (id: number) => (e: TicketEvent) => e.ticket?.id === id || e.ticketId === id;

/**
 * A customer writes while everyone's sockets listen; once the first (queueless) ticket events
 * reached the admin and Carla, the ticket is put in `queueId` (the chatbot's job). Returns the
 * ticket and marks: what each socket heard before the test's own action.
 */
async function arrival(l: Awaited<ReturnType<typeof everyone>>, queueId: number, number = phone()) {
  const r = await inbound(t, conn, { number, name: 'Cliente' }, 'primeira');
  for (const who of ['admin', 'carla'] as const) await l.tickets[who].waitFor(about(r.ticketId), `${who} first`);
  await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return { ticketId: r.ticketId, number };
}
const marks = (l: Awaited<ReturnType<typeof everyone>>) =>
  Object.fromEntries(Object.entries(l.tickets).map(([who, x]) => [who, x.heard.length])) as Record<
    keyof Awaited<ReturnType<typeof everyone>>['tickets'],
    number
  >;

describe('a customer message reaches the right agents', () => {
  it("in a queue: admins and the queue's members hear it with the new unread count; nobody else", async () => {
    const l = await everyone();
    const { tickets, messages, all } = l;
    const tk = await arrival(l, qA.id);
    const mark = marks(l);
    const messageMark = Object.fromEntries(Object.entries(messages).map(([who, x]) => [who, x.heard.length]));

    await inbound(t, conn, { number: tk.number }, 'segunda');
    for (const who of ['admin', 'ana'] as const) {
      const ev = await tickets[who].waitFor(
        (e) => e.action === 'update' && e.ticket?.id === tk.ticketId && e.ticket.unreadMessages === 2,
        `${who} update`,
      );
      expect(ev.ticket).toMatchObject({ unreadMessages: 2, queueId: qA.id });
      await messages[who].waitFor((m: any) => m.action === 'create' && m.message?.body === 'segunda', `${who} message`);
    }
    await settle(t, [a.companyId, b.companyId], all);
    for (const who of ['bruno', 'carla', 'neighbour'] as const) {
      expect(tickets[who].since(mark[who]).filter(about(tk.ticketId)), who).toEqual([]);
      expect(messages[who].since(messageMark[who]!), who).toEqual([]);
    }
    expect(tickets.bruno.heard.filter(about(tk.ticketId))).toEqual([]);
    expect(tickets.neighbour.heard).toEqual([]);
  });

  it('without a queue: admins and allTicket users hear it; queue members do not', async () => {
    const { tickets, all } = await everyone();
    const r = await inbound(t, conn, { number: phone(), name: 'Sem fila' }, 'olá');
    for (const who of ['admin', 'carla'] as const) {
      const ev = await tickets[who].waitFor(about(r.ticketId), who);
      expect(ev.ticket).toMatchObject({ unreadMessages: 1, queueId: null, status: 'pending' });
    }
    await settle(t, [a.companyId, b.companyId], all);
    for (const who of ['ana', 'bruno', 'neighbour'] as const)
      expect(tickets[who].heard.filter(about(r.ticketId)), who).toEqual([]);
  });
});

describe("an admin's default list and its events agree", () => {
  // A new company's admin: no queues, allTicket off (the tenant's admin is such a one).
  const defaultList = async () => {
    const res = await a.admin.api.get('/api/tickets?status=pending');
    expect(res.status).toBe(200);
    return (res.body.tickets as Array<{ id: number }>).map((x) => x.id);
  };

  it('a queueless ticket and one the chatbot put in a queue: the admin hears each message and lists both', async () => {
    const l = await everyone();
    const queueless = await inbound(t, conn, { number: phone(), name: 'Primeiro cliente' }, 'olá');
    const queued = await arrival(l, qB.id);
    for (const id of [queueless.ticketId, queued.ticketId]) {
      const number = id === queued.ticketId ? queued.number : undefined;
      if (number) await inbound(t, conn, { number }, 'ainda aí?');
      await l.tickets.admin.waitFor((e) => e.action === 'update' && about(id)(e), `admin hears ${id}`);
    }
    await l.messages.admin.waitFor(
      (m: any) => m.action === 'create' && m.message?.body === 'ainda aí?',
      'admin message',
    );
    const listed = await defaultList();
    expect(listed).toContain(queueless.ticketId);
    expect(listed).toContain(queued.ticketId);
    // Its socket may join the conversation's room, as the list lets it open it.
    expect(await l.sockets.admin.emitWithAck('joinChatBox', queueless.ticketId)).toEqual({ ok: true });
    // Bruno (queue B) hears the queued one, not the queueless one; Ana hears neither.
    await settle(t, [a.companyId, b.companyId], l.all);
    expect(l.tickets.ana.heard.filter((e) => about(queueless.ticketId)(e) || about(queued.ticketId)(e))).toEqual([]);
    expect(l.tickets.bruno.heard.filter(about(queueless.ticketId))).toEqual([]);
  });
});

describe('a customer seen for the first time', () => {
  it('is announced to the company on the contact topic (without its device id), once', async () => {
    const ana = await connect(userA.token);
    const neighbour = await connect(b.admin.token);
    const heard = listen<{ action: string; contact: Record<string, unknown> }>(ana, `company-${a.companyId}-contact`);
    const elsewhere = listen(neighbour, `company-${a.companyId}-contact`);
    const number = phone();
    await inbound(t, conn, { number, name: 'Cliente Novo' }, 'oi', {
      contact: { number, name: 'Cliente Novo', lid: '99887766@lid' },
    });
    const ev = await heard.waitFor((e) => e.contact.number === number, 'the new contact');
    expect(ev).toMatchObject({ action: 'update', contact: { number, name: 'Cliente Novo' } });
    expect(ev.contact).not.toHaveProperty('lid');

    const mark = heard.heard.length;
    await inbound(t, conn, { number, name: 'Cliente Novo' }, 'de novo');
    await settle(t, [a.companyId, b.companyId], [ana, neighbour]);
    expect(heard.since(mark).filter((e) => e.contact.number === number)).toEqual([]);
    expect(elsewhere.heard).toEqual([]);
  });
});

describe('transitions publish to the ticket audience', () => {
  it("accept: the queue's members and admins hear the update; the new user too", async () => {
    const l = await everyone();
    const { tickets, all } = l;
    const tk = await arrival(l, qA.id);
    const mark = marks(l);
    expect((await userA.api.put(`/api/tickets/${tk.ticketId}`, { status: 'open' })).status).toBe(200);
    for (const who of ['admin', 'ana'] as const) {
      const ev = await tickets[who].waitFor(
        (e) => e.action === 'update' && e.ticket?.status === 'open' && about(tk.ticketId)(e),
        who,
      );
      expect(ev.ticket).toMatchObject({ userId: userA.id, queueId: qA.id });
      // It left the pending list: the delete came first.
      expect(tickets[who].since(mark[who]).filter(about(tk.ticketId))[0]).toMatchObject({ action: 'delete' });
    }
    await settle(t, [a.companyId, b.companyId], all);
    for (const who of ['bruno', 'carla', 'neighbour'] as const)
      expect(tickets[who].since(mark[who]).filter(about(tk.ticketId)), who).toEqual([]);
  });

  it('transfer to another queue: the old queue hears delete, the new queue the update, admins both', async () => {
    const l = await everyone();
    const { tickets, all } = l;
    const tk = await arrival(l, qA.id);
    expect((await userA.api.put(`/api/tickets/${tk.ticketId}`, { status: 'open' })).status).toBe(200);
    for (const who of ['admin', 'ana'] as const) {
      await tickets[who].waitFor((e) => e.ticket?.status === 'open' && about(tk.ticketId)(e), `${who} accept`);
    }
    const mark = marks(l);

    expect((await userA.api.put(`/api/tickets/${tk.ticketId}`, { queueId: qB.id })).status).toBe(200);
    const moved = (e: TicketEvent) => e.action === 'update' && e.ticket?.queueId === qB.id && about(tk.ticketId)(e);
    const update = await tickets.bruno.waitFor(moved, 'bruno update');
    expect(update.ticket).toMatchObject({ status: 'pending', userId: null });
    // (The accept before sent its own delete, to the pending list: only what the transfer sent counts.)
    const deleted = (who: 'ana' | 'admin') => (e: TicketEvent) =>
      e.action === 'delete' && about(tk.ticketId)(e) && tickets[who].heard.indexOf(e) >= mark[who];
    const gone = await tickets.ana.waitFor(deleted('ana'), 'ana delete');
    // The delete names the version at which the ticket left: the update's.
    expect(gone).toEqual({ action: 'delete', ticketId: tk.ticketId, updatedAt: (update.ticket as any).updatedAt });
    // Admins are in both audiences: they hear both, and keep the ticket (its version is the delete's).
    await tickets.admin.waitFor(moved, 'admin update');
    await tickets.admin.waitFor(deleted('admin'), 'admin delete');

    await settle(t, [a.companyId, b.companyId], all);
    expect(tickets.ana.since(mark.ana).filter(moved), 'ana hears no update of the moved ticket').toEqual([]);
    expect(tickets.bruno.heard.filter((e) => e.action === 'delete')).toEqual([]);
    expect(tickets.carla.since(mark.carla).filter(about(tk.ticketId))).toEqual([]);
    expect(tickets.neighbour.heard).toEqual([]);
  });

  it('delete: the audience hears {action: delete, ticketId}', async () => {
    const l = await everyone();
    const { tickets, all } = l;
    const tk = await arrival(l, qA.id);
    const mark = marks(l);
    expect((await a.admin.api.delete(`/api/tickets/${tk.ticketId}`)).status).toBe(204);
    for (const who of ['admin', 'ana'] as const) {
      const ev = await tickets[who].waitFor((e) => e.action === 'delete' && about(tk.ticketId)(e), who);
      expect(ev).toEqual({ action: 'delete', ticketId: tk.ticketId });
    }
    await settle(t, [a.companyId, b.companyId], all);
    for (const who of ['bruno', 'carla', 'neighbour'] as const)
      expect(tickets[who].since(mark[who]).filter(about(tk.ticketId)), who).toEqual([]);
  });
});

describe('client events', () => {
  const inRoom = async (ticketId: number) =>
    ((await (t.running.deps.realtime as RealtimeHub).io!.in(chatBoxRoom(ticketId)).fetchSockets()) ?? []).map(
      (s) => s.id,
    );

  it('joinChatBox joins the ticket room only for a ticket the user may see; leaveChatBox leaves it', async () => {
    const r = await inbound(t, conn, { number: phone() }, 'oi');
    await updateTicketRow(t, a.companyId, r.ticketId, { queueId: qA.id });
    const ana = await connect(userA.token);
    const bruno = await connect(userB.token);
    const neighbour = await connect(b.admin.token);
    expect(await bruno.emitWithAck('joinChatBox', r.ticketId)).toEqual({ ok: false, error: 'ERR_NOT_FOUND' });
    expect(await neighbour.emitWithAck('joinChatBox', String(r.ticketId))).toEqual({
      ok: false,
      error: 'ERR_NOT_FOUND',
    });
    expect(await ana.emitWithAck('joinChatBox', 'x')).toEqual({ ok: false, error: 'ERR_VALIDATION' });
    expect(await ana.emitWithAck('joinChatBox', r.ticketId)).toEqual({ ok: true });
    expect(await inRoom(r.ticketId)).toEqual([ana.id]);
    expect(await ana.emitWithAck('leaveChatBox', r.ticketId)).toEqual({ ok: true });
    expect(await inRoom(r.ticketId)).toEqual([]);
  });

  it('the rule is read fresh: a ticket transferred away cannot be joined any more', async () => {
    const r = await inbound(t, conn, { number: phone() }, 'oi');
    await updateTicketRow(t, a.companyId, r.ticketId, { queueId: qA.id });
    const ana = await connect(userA.token);
    await updateTicketRow(t, a.companyId, r.ticketId, { queueId: qB.id });
    expect(await ana.emitWithAck('joinChatBox', r.ticketId)).toEqual({ ok: false, error: 'ERR_NOT_FOUND' });
  });

  it('joinTickets / leaveTickets take a status; joinNotification is acknowledged', async () => {
    const ana = await connect(userA.token);
    for (const status of ['open', 'pending', 'closed']) {
      expect(await ana.emitWithAck('joinTickets', status)).toEqual({ ok: true });
      expect(await ana.emitWithAck('leaveTickets', status)).toEqual({ ok: true });
    }
    expect(await ana.emitWithAck('joinTickets', 'archived')).toEqual({ ok: false, error: 'ERR_VALIDATION' });
    expect(await ana.emitWithAck('joinNotification')).toEqual({ ok: true });
  });
});
