/**
 * The ticket events the spec's client (Atendechat) renders from, heard on a socket opened as it
 * opens one (`ready`, then `joinTickets` for its tabs and `joinNotification`), after the requests
 * its buttons send (`components/TicketActionButtonsCustom`, `TicketListItemCustom`,
 * `hooks/useAcceptTicket`, `components/MessageInputCustom`):
 * - every `ticket` update and `appMessage` create carries the whole ticket (the client replaces
 *   its ticket with it and reads `contact.name`, `queue`, `user`, `whatsapp`, `tags`);
 * - a status change sends `{action:'delete', ticketId}` before the update (its lists drop the
 *   ticket on delete; the list of the new status adds it on update);
 * - closing with `userId` answers, and announces, the ticket with its user.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createStaff, createTenant, linkConnectionQueues, type Tenant } from '../support/factories.js';
import { connectSocket } from '../support/socket.js';
import { insertQueue, listen, updateTicketRow } from '../support/inbox.js';
import { pairedSandbox, sandboxCustomer } from '../support/sandbox-phone.js';
import { eventually } from '../support/eventually.js';
import { AtendechatClient, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';
import { expireTickets } from '../../src/automation/expire-tickets.js';

type Json = Record<string, any>;

let t: TestApp;
let tenant: Tenant;
let queue: { id: number; name: string };
let conn: { id: number; companyId: number };
let connName: string;
/** A connection without queues whose tickets expire after 30 minutes and whose close asks a rating. */
let timed: { id: number; companyId: number };
let ana: Awaited<ReturnType<typeof createStaff>>;
let admin: AtendechatClient;
let anaClient: AtendechatClient;
const replayed = new Set<SpecCall>();
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 10 });
  tenant = await createTenant(t, { planId: plan.id });
  queue = { ...(await insertQueue(t, tenant.companyId, { name: 'Vendas' })), name: 'Vendas' };
  conn = await pairedSandbox(t, tenant);
  // One queue on the connection: the chatbot puts each new ticket in it, silently.
  await linkConnectionQueues(t, tenant.companyId, conn.id, [queue.id]);
  connName = (await tenant.admin.api.get(`/api/whatsapp/${conn.id}`)).body.name;
  timed = await pairedSandbox(t, tenant, { expiresTicket: 30, ratingMessage: 'Avalie de 1 a 3' });
  ana = await createStaff(t, tenant, { name: 'Ana Vendas', queueIds: [queue.id] });
  admin = new AtendechatClient(t.url, tenant.admin.token, replayed);
  anaClient = admin.as(ana.token);
}, 90_000);
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t?.stop());

/** The client's socket: connected, then its tabs' rooms and the notifications' room joined. */
async function clientSocket(token: string) {
  const socket = await connectSocket(t.url, token);
  open.push(socket);
  socket.emit('joinTickets', 'pending');
  socket.emit('joinTickets', 'open');
  socket.emit('joinNotification');
  return {
    socket,
    tickets: listen<Json>(socket, `company-${tenant.companyId}-ticket`),
    messages: listen<Json>(socket, `company-${tenant.companyId}-appMessage`),
  };
}

/** What the client's list item, header and notifications read of a ticket. */
function expectWholeTicket(ticket: Json, what: string, connection = connName) {
  expect(ticket.contact?.name, `${what}: contact.name`).toEqual(expect.any(String));
  expect(ticket, `${what}: queue`).toHaveProperty('queue');
  if (ticket.queueId === null) expect(ticket.queue, `${what}: queue`).toBeNull();
  else expect(ticket.queue, `${what}: queue`).toMatchObject({ id: ticket.queueId, name: expect.any(String) });
  expect(ticket, `${what}: user`).toHaveProperty('user');
  if (ticket.userId === null) expect(ticket.user, `${what}: user`).toBeNull();
  else expect(ticket.user, `${what}: user`).toMatchObject({ id: ticket.userId, name: expect.any(String) });
  expect(ticket.whatsapp?.name, `${what}: whatsapp.name`).toBe(connection);
  expect(Array.isArray(ticket.tags), `${what}: tags`).toBe(true);
}

const about = (id: number) => (e: Json) => e.ticket?.id === id || e.ticketId === id;

/**
 * The ticket events about `id` heard after `mark`, once one is an update matching `until`:
 * returns them in arrival order.
 */
async function heardAbout(l: ReturnType<typeof listen<Json>>, mark: number, id: number, until: (e: Json) => boolean) {
  await l.waitFor(
    (e) => l.heard.indexOf(e) >= mark && e.action === 'update' && about(id)(e) && until(e),
    'the update',
    15_000,
  );
  return l.since(mark).filter(about(id));
}

/** A delete of the ticket, then (later) the update matching `until`; returns the update. */
async function expectDeleteThenUpdate(
  l: ReturnType<typeof listen<Json>>,
  mark: number,
  id: number,
  until: (e: Json) => boolean,
  who: string,
) {
  const events = await heardAbout(l, mark, id, until);
  const update = events.findIndex((e) => e.action === 'update' && until(e));
  const del = events.findIndex((e) => e.action === 'delete');
  expect(
    del,
    `${who}: a delete before the update; heard ${JSON.stringify(events.map((e) => e.action))}`,
  ).toBeGreaterThanOrEqual(0);
  expect(del, `${who}: the delete comes first`).toBeLessThan(update);
  expect(events[del]).toMatchObject({ action: 'delete', ticketId: id });
  expect(events[update]!.ticket.whatsapp?.name, `${who}: update: whatsapp.name`).toEqual(expect.any(String));
  expectWholeTicket(events[update]!.ticket, `${who}: update`, events[update]!.ticket.whatsapp?.name);
  return events[update]!.ticket as Json;
}

/** A customer writes on the sandbox phone; resolves once the chatbot put the ticket in the queue. */
async function customerWrites(body: string, name = 'Maria Silva') {
  const customer = sandboxCustomer(t, tenant.admin.api, conn, name);
  const sent = await customer.says(body);
  await eventually(
    async () => (await tenant.admin.api.get(`/api/tickets/${sent.ticketId}`)).body.queueId === queue.id,
    10_000,
    'the ticket in the queue',
  );
  return { ...sent, customer };
}

/** Ana accepts the ticket as the client's Accept button does. */
async function anaAccepts(ticketId: number) {
  return ok(
    await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, { body: { status: 'open', userId: ana.id } }),
    'accept',
  );
}

describe('every ticket event carries the whole ticket', () => {
  it("a customer's message: appMessage create and ticket update carry contact, queue, user, whatsapp and tags", async () => {
    const heard = await clientSocket(tenant.admin.token);
    const { ticketId, customer } = await customerWrites('olá, quero um orçamento', 'Maria Orçamento');

    const created = await heard.messages.waitFor(
      (e) => e.action === 'create' && e.message?.body === 'olá, quero um orçamento',
      'appMessage create',
    );
    expect(created.ticket.id).toBe(ticketId);
    expectWholeTicket(created.ticket, 'appMessage create');
    expect(created.ticket.contact.name).toBe('Maria Orçamento');
    const updates = heard.tickets.heard.filter((e) => e.action === 'update' && e.ticket.id === ticketId);
    expect(updates.length).toBeGreaterThan(0);
    for (const u of updates) expectWholeTicket(u.ticket, 'ticket update');

    // A second message, the ticket already in the queue: its queue object travels with it.
    const mark = heard.tickets.heard.length;
    const messageMark = heard.messages.heard.length;
    await customer.says('ainda estou aqui');
    const second = await heard.messages.waitFor(
      (e) => heard.messages.heard.indexOf(e) >= messageMark && e.message?.body === 'ainda estou aqui',
      'second create',
    );
    expectWholeTicket(second.ticket, 'second appMessage create');
    expect(second.ticket.queue).toMatchObject({ id: queue.id, name: 'Vendas' });
    const update = await heard.tickets.waitFor(
      (e) => heard.tickets.heard.indexOf(e) >= mark && e.action === 'update' && e.ticket.unreadMessages === 2,
      'second update',
    );
    expectWholeTicket(update.ticket, 'second ticket update');
  });

  it("an attendant's send: appMessage create and ticket update carry the whole ticket, with its user", async () => {
    const { ticketId } = await customerWrites('preciso de ajuda');
    const accepted = await anaAccepts(ticketId);
    expect(accepted).toMatchObject({ status: 'open', userId: ana.id });
    const heard = await clientSocket(ana.token);

    const body = `*Ana Vendas:*\nbom dia, como posso ajudar?`;
    ok(
      await anaClient.call('POST /messages/{ticketId}', `/messages/${ticketId}`, {
        body: { read: 1, fromMe: true, mediaUrl: '', body, quotedMsg: null },
      }),
      'send',
    );
    const created = await heard.messages.waitFor((e) => e.action === 'create' && e.message?.body === body, 'create');
    expectWholeTicket(created.ticket, 'appMessage create');
    expect(created.ticket).toMatchObject({ id: ticketId, status: 'open', user: { id: ana.id, name: 'Ana Vendas' } });
    const update = await heard.tickets.waitFor(
      (e) => e.action === 'update' && e.ticket.id === ticketId && e.ticket.lastMessage === body,
      'update',
    );
    expectWholeTicket(update.ticket, 'ticket update');
  });
});

describe('a status change sends a delete to the old list before the update', () => {
  it('accept (the list item and the header send {status: open, userId}): delete, then the open ticket', async () => {
    const { ticketId } = await customerWrites('quero comprar');
    const heard = { admin: await clientSocket(tenant.admin.token), ana: await clientSocket(ana.token) };
    const mark = { admin: heard.admin.tickets.heard.length, ana: heard.ana.tickets.heard.length };

    const answer = await anaAccepts(ticketId);
    expect(answer).toMatchObject({ status: 'open', userId: ana.id });
    for (const who of ['admin', 'ana'] as const) {
      const ticket = await expectDeleteThenUpdate(
        heard[who].tickets,
        mark[who],
        ticketId,
        (e) => e.ticket.status === 'open',
        who,
      );
      expect(ticket).toMatchObject({ status: 'open', userId: ana.id });
    }
    // The delete names the version that left (Balcão's web keeps a ticket that new).
    const del = heard.admin.tickets.since(mark.admin).find((e) => e.action === 'delete' && e.ticketId === ticketId)!;
    expect(del.updatedAt).toBe(answer.updatedAt);
  });

  it('close from the header with userId: delete then the closed ticket, both keeping the user', async () => {
    const { ticketId } = await customerWrites('pode fechar');
    await anaAccepts(ticketId);
    const heard = await clientSocket(tenant.admin.token);
    const mark = heard.tickets.heard.length;

    // The header's Resolve (TicketActionButtonsCustom), without its `promptId`/`integrationId: false`.
    const answer = ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: { status: 'closed', userId: ana.id, useIntegration: false },
      }),
      'close',
    );
    expect(answer).toMatchObject({ status: 'closed', userId: ana.id, user: { id: ana.id } });
    const ticket = await expectDeleteThenUpdate(
      heard.tickets,
      mark,
      ticketId,
      (e) => e.ticket.status === 'closed',
      'admin',
    );
    expect(ticket).toMatchObject({ status: 'closed', userId: ana.id, user: { id: ana.id, name: 'Ana Vendas' } });
  });

  it('close from the list (its body names the queue) closes the ticket, keeping the user', async () => {
    const { ticketId } = await customerWrites('fecha pela lista');
    await anaAccepts(ticketId);
    const heard = await clientSocket(ana.token);
    const mark = heard.tickets.heard.length;

    const answer = ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: {
          status: 'closed',
          userId: ana.id,
          queueId: queue.id,
          useIntegration: false,
          promptId: null,
          integrationId: null,
        },
      }),
      'close from the list',
    );
    expect(answer).toMatchObject({ status: 'closed', userId: ana.id, queueId: queue.id });
    const ticket = await expectDeleteThenUpdate(
      heard.tickets,
      mark,
      ticketId,
      (e) => e.ticket.status === 'closed',
      'ana',
    );
    expect(ticket).toMatchObject({ status: 'closed', userId: ana.id });
  });

  it('a waiting ticket closed by an admin with its userId: the closed ticket is theirs', async () => {
    const { ticketId } = await customerWrites('engano');
    const heard = await clientSocket(tenant.admin.token);
    const mark = heard.tickets.heard.length;
    const answer = ok(
      await admin.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: { status: 'closed', userId: tenant.admin.id, useIntegration: false },
      }),
      'close a pending ticket',
    );
    expect(answer).toMatchObject({ status: 'closed', userId: tenant.admin.id });
    const ticket = await expectDeleteThenUpdate(
      heard.tickets,
      mark,
      ticketId,
      (e) => e.ticket.status === 'closed',
      'admin',
    );
    expect(ticket).toMatchObject({ status: 'closed', userId: tenant.admin.id });
  });

  it('return (header: {status: pending, userId: null, …}) and reopen ({status: open, userId}): delete then update', async () => {
    const { ticketId } = await customerWrites('vai e volta');
    await anaAccepts(ticketId);
    const heard = await clientSocket(tenant.admin.token);

    let mark = heard.tickets.heard.length;
    ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: { status: 'pending', userId: null, useIntegration: false, promptId: null, integrationId: null },
      }),
      'return',
    );
    let ticket = await expectDeleteThenUpdate(
      heard.tickets,
      mark,
      ticketId,
      (e) => e.ticket.status === 'pending',
      'return',
    );
    expect(ticket).toMatchObject({ status: 'pending', userId: null, user: null });

    ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, { body: { status: 'open', userId: ana.id } }),
      'accept again',
    );
    mark = heard.tickets.heard.length;
    ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, { body: { status: 'closed', userId: ana.id } }),
      'close',
    );
    await heardAbout(heard.tickets, mark, ticketId, (e) => e.ticket.status === 'closed');

    mark = heard.tickets.heard.length;
    // The header's Reopen sends {status: open, userId}; the list's adds the ticket's queue.
    const reopened = ok(
      await anaClient.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: { status: 'open', userId: ana.id, queueId: queue.id },
      }),
      'reopen from the list',
    );
    expect(reopened).toMatchObject({ status: 'open', userId: ana.id, queueId: queue.id });
    ticket = await expectDeleteThenUpdate(heard.tickets, mark, ticketId, (e) => e.ticket.status === 'open', 'reopen');
    expect(ticket).toMatchObject({ status: 'open', userId: ana.id });
  });
});

describe('status changes made by the product itself also send the delete first', () => {
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000);

  it("the customer's rating closes the ticket: delete, then the closed ticket with its user", async () => {
    ok(
      await admin.call('PUT /settings/{key}', '/settings/userRating', { body: { value: 'enabled' } }),
      'userRating on',
    );
    try {
      const customer = sandboxCustomer(t, tenant.admin.api, timed, 'Rita Avalia');
      const { ticketId } = await customer.says('oi');
      ok(
        await admin.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
          body: { status: 'open', userId: tenant.admin.id },
        }),
        'accept',
      );
      const closing = ok(
        await admin.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
          body: { status: 'closed', userId: tenant.admin.id },
        }),
        'close (asks the rating)',
      );
      expect(closing).toMatchObject({ status: 'open', ratingPending: true, userId: tenant.admin.id });
      const heard = await clientSocket(tenant.admin.token);
      const mark = heard.tickets.heard.length;
      await customer.says('3');
      const ticket = await expectDeleteThenUpdate(
        heard.tickets,
        mark,
        ticketId,
        (e) => e.ticket.status === 'closed',
        'rating',
      );
      expect(ticket).toMatchObject({ status: 'closed', userId: tenant.admin.id, ratingPending: false });
    } finally {
      ok(
        await admin.call('PUT /settings/{key}', '/settings/userRating', { body: { value: 'disabled' } }),
        'userRating off',
      );
    }
  });

  it('expiry closes a silent ticket: delete, then the closed ticket', async () => {
    const customer = sandboxCustomer(t, tenant.admin.api, timed, 'Caio Sumiu');
    const { ticketId } = await customer.says('me ajuda?');
    ok(
      await admin.call('PUT /tickets/{id}', `/tickets/${ticketId}`, {
        body: { status: 'open', userId: tenant.admin.id },
      }),
      'accept',
    );
    // The attendant spoke last, 31 minutes ago.
    await updateTicketRow(t, tenant.companyId, ticketId, {
      lastCustomerMessageAt: minutesAgo(40),
      lastAgentMessageAt: minutesAgo(31),
    });
    const heard = await clientSocket(tenant.admin.token);
    const mark = heard.tickets.heard.length;
    expect(await expireTickets(t.running.deps)).toBeGreaterThanOrEqual(1);
    const ticket = await expectDeleteThenUpdate(
      heard.tickets,
      mark,
      ticketId,
      (e) => e.ticket.status === 'closed',
      'expiry',
    );
    expect(ticket).toMatchObject({ status: 'closed', userId: tenant.admin.id });
  });
});
