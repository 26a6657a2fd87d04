import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../support/factories.js';
import { inbound, insertConnection, insertQueue, phone, ticketRow, updateTicketRow } from '../support/inbox.js';
import { expectNoPermission } from '../support/expect.js';
import { AtendechatClient, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';

/**
 * The spec's web client at the edge of the main flow (issue 18, points 3–6): the requests its
 * ticket lists, ticket header, user dialog and plan checks send, with the exact params and
 * bodies its code builds, and the fields it then reads from the answers.
 */

let t: TestApp;
let a: Tenant;
let client: AtendechatClient;
let conn: { id: number; companyId: number; name: string };
let sales: { id: number; name: string; color: string };
let support: { id: number; name: string; color: string };
const replayed = new Set<SpecCall>();

async function arrive(name: string, queueId: number | null) {
  const r = await inbound(t, conn, { number: phone(), name }, `olá, sou ${name}`);
  if (queueId !== null) await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return r.ticketId;
}

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50, useKanban: false });
  a = await createTenant(t, { planId: plan.id });
  client = new AtendechatClient(t.url, a.admin.token, replayed);
  conn = await insertConnection(t, a.companyId, { name: 'Principal', isDefault: true });
  sales = await insertQueue(t, a.companyId, { name: 'Vendas' });
  support = await insertQueue(t, a.companyId, { name: 'Suporte' });
});
afterAll(() => t?.stop());

/** What the client's list item and header read from a ticket (`TicketListItemCustom`, `TicketHeader`). */
function expectListedTicket(ticket: any) {
  expect(ticket).toMatchObject({
    id: expect.any(Number),
    uuid: expect.any(String),
    status: expect.any(String),
    unreadMessages: expect.any(Number),
    lastMessage: expect.any(String),
    updatedAt: expect.any(String),
    contact: { name: expect.any(String), number: expect.any(String), profilePicUrl: expect.any(String) },
    whatsapp: { name: expect.any(String) },
    tags: expect.any(Array),
  });
  expect(ticket).toHaveProperty('queue');
  expect(ticket).toHaveProperty('user');
  if (ticket.queue)
    expect(ticket.queue).toMatchObject({ id: expect.any(Number), name: expect.any(String), color: expect.any(String) });
}

describe('GET /tickets as the client asks (useTickets, TicketsListCustom, TicketsManagerTabs)', () => {
  let queueless: number;
  let inSales: number;
  let othersOpen: number;

  beforeAll(async () => {
    queueless = await arrive('Carlos Sem Fila', null);
    inSales = await arrive('Alice Vendas', sales.id);
    othersOpen = await arrive('Dora Atendida', support.id);
    const agent = await createStaff(t, a, { queueIds: [support.id] });
    ok(await agent.api.put(`/api/tickets/${othersOpen}`, { status: 'open' }), 'agent accepts');
  });

  it("the waiting tab of a new company's admin (no queues, allTicket off) holds the queueless pending ticket", async () => {
    // TicketsManagerTabs' pending panel: status, the selected queues (the admin's own: none) as
    // JSON, no showAll; useTickets passes every other param undefined (axios leaves them out).
    const body = ok(
      await client.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, status: 'pending', queueIds: JSON.stringify([]) },
      }),
      'pending tab',
    );
    expect(Object.keys(body)).toEqual(expect.arrayContaining(['tickets', 'hasMore']));
    expect(typeof body.hasMore).toBe('boolean');
    const ids = body.tickets.map((x: any) => x.id);
    expect(ids).toContain(queueless);
    expect(ids).toContain(inSales);
    body.tickets.forEach(expectListedTicket);
    expect(body.tickets.find((x: any) => x.id === queueless)).toMatchObject({
      queue: null,
      user: null,
      status: 'pending',
    });
  });

  it('the same tab with the queues selected in the filter still holds queueless tickets', async () => {
    const body = ok(
      await client.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, status: 'pending', queueIds: JSON.stringify([sales.id]), showAll: false },
      }),
      'pending tab, queue filter',
    );
    const ids = body.tickets.map((x: any) => x.id);
    expect(ids).toEqual(expect.arrayContaining([queueless, inSales]));
  });

  it('the open tab sends showAll as "true"/"false"; the search tab sends an empty searchParam and tags/users as JSON', async () => {
    const mine = ok(
      await client.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, status: 'open', showAll: false, queueIds: JSON.stringify([support.id]) },
      }),
      'open tab, mine',
    );
    expect(mine.tickets.map((x: any) => x.id)).not.toContain(othersOpen);
    const all = ok(
      await client.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, status: 'open', showAll: true, queueIds: JSON.stringify([support.id]) },
      }),
      'open tab, show all',
    );
    expect(all.tickets.map((x: any) => x.id)).toContain(othersOpen);
    all.tickets.forEach(expectListedTicket);
    const search = ok(
      await client.call('GET /tickets', '/tickets', {
        params: {
          searchParam: '',
          pageNumber: 1,
          tags: JSON.stringify([]),
          users: JSON.stringify([]),
          showAll: true,
          queueIds: JSON.stringify([sales.id, support.id]),
          withUnreadMessages: 'false',
        },
      }),
      'search tab',
    );
    expect(search.tickets.map((x: any) => x.id)).toEqual(expect.arrayContaining([queueless, inSales, othersOpen]));
  });

  it("the menu's unread badge (MainListItems) asks withUnreadMessages only", async () => {
    const body = ok(
      await client.call('GET /tickets', '/tickets', { params: { withUnreadMessages: 'true' } }),
      'unread badge',
    );
    expect(body.tickets.map((x: any) => x.id)).toContain(queueless);
    body.tickets.forEach((x: any) => expect(x.unreadMessages).toBeGreaterThan(0));
  });
});

describe('GET /companies/listPlan/{companyId} (usePlans().getPlanCompany)', () => {
  it('answers the company with its plan nested (planConfigs.plan.use*), keeping the plan fields at the top', async () => {
    const body = ok(
      await client.call('GET /companies/listPlan/{companyId}', `/companies/listPlan/${a.companyId}`),
      'listPlan',
    );
    // What the menu (MainListItems) and the pages (Kanban, Prompts, QueueIntegration, MessagesAPI,
    // Campaigns, Schedules) read.
    expect(body.plan).toMatchObject({
      useCampaigns: true,
      useKanban: false,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
    });
    // Balcão's own readers keep the flat plan.
    expect(body).toMatchObject({ useKanban: false, useCampaigns: true });
    expect(body.plan.id).toBe(body.id);
  });

  it('MessagesAPI asks with the company id read from local storage (text): same answer', async () => {
    const body = ok(
      await client.call('GET /companies/listPlan/{companyId}', `/companies/listPlan/${String(a.companyId)}`),
      'listPlan',
    );
    expect(body.plan.useExternalApi).toBe(true);
  });
});

describe("the client's user dialog (UserModal): POST /users, GET /users/{id}, PUT /users/{id}", () => {
  /** The dialog's initial state; editing spreads the user's GET answer over it. */
  const initialState = { name: '', email: '', password: '', profile: 'user', allTicket: 'desabled' };
  /** A new user as Formik submits the dialog. */
  const newUser = (email: string) => ({ ...initialState, name: 'Maria Atendente', email, password: 'secret1' });

  it('creates a user with the select untouched: allTicket "desabled", whatsappId false, no queues', async () => {
    const email = `maria-${Date.now()}@example.com`;
    const res = await client.call('POST /users', '/users', {
      body: { ...newUser(email), whatsappId: false, queueIds: [] },
    });
    const user = ok(res, 'create user');
    expect(res.status).toBe(201);
    expect(user).toMatchObject({ email, allTicket: 'disable', whatsappId: null, queues: [] });
  });

  it('creates a user with "enabled", the empty connection option ("") and queues', async () => {
    const email = `joao-${Date.now()}@example.com`;
    const user = ok(
      await client.call('POST /users', '/users', {
        body: { ...newUser(email), allTicket: 'enabled', whatsappId: '', queueIds: [sales.id] },
      }),
      'create user',
    );
    expect(user).toMatchObject({ allTicket: 'enable', whatsappId: null, queues: [{ id: sales.id }] });
  });

  it('takes every spelling of allTicket the client and the spec use, stored as Balcão spells it', async () => {
    for (const [sent, stored] of [
      ['enable', 'enable'],
      ['enabled', 'enable'],
      ['disable', 'disable'],
      ['disabled', 'disable'],
      ['desabled', 'disable'],
    ] as const) {
      const email = `spelling-${sent}-${Date.now()}@example.com`;
      const user = ok(
        await client.call('POST /users', '/users', {
          body: { ...newUser(email), allTicket: sent, whatsappId: conn.id, queueIds: [] },
        }),
        `allTicket ${sent}`,
      );
      expect(user.allTicket).toBe(stored);
      expect(user.whatsappId).toBe(conn.id);
    }
  });

  it('edits a user the way the dialog does: the GET answer spread into the form and sent back', async () => {
    const staff = await createStaff(t, a, { queueIds: [sales.id], whatsappId: conn.id, allTicket: 'enable' });
    const data = ok(await client.call('GET /users/{id}', `/users/${staff.id}`), 'get user');
    // What the dialog reads: its fields, the queues' ids, the connection.
    expect(data).toMatchObject({
      id: staff.id,
      name: expect.any(String),
      email: staff.email,
      profile: 'user',
      allTicket: 'enable',
      whatsappId: conn.id,
      queues: [{ id: sales.id, name: 'Vendas' }],
    });
    const values = { ...initialState, ...data, name: 'Maria Editada', allTicket: 'desabled' };
    const body = { ...values, whatsappId: '', queueIds: [sales.id, support.id], allTicket: values.allTicket };
    const saved = ok(await client.call('PUT /users/{id}', `/users/${staff.id}`, { body }), 'edit user');
    expect(saved).toMatchObject({ name: 'Maria Editada', allTicket: 'disable', whatsappId: null });
    expect(saved.queueIds.sort()).toEqual([sales.id, support.id].sort());
    // The password was left blank: unchanged.
    const relogin = await t.api.post('/api/auth/login', { email: staff.email, password: staff.password });
    expect(relogin.status).toBe(200);
  });

  it('a user saves their own profile from the dialog (it sends back their profile, queues and connection unchanged)', async () => {
    const staff = await createStaff(t, a, { queueIds: [support.id] });
    const me = client.as(staff.token);
    const data = ok(await me.call('GET /users/{id}', `/users/${staff.id}`), 'get self');
    const values = { ...initialState, ...data, name: 'Novo Nome' };
    const body = {
      ...values,
      whatsappId: data.whatsappId ? data.whatsappId : '',
      queueIds: data.queues.map((q: any) => q.id),
      allTicket: values.allTicket,
    };
    const saved = ok(await me.call('PUT /users/{id}', `/users/${staff.id}`, { body }), 'edit self');
    expect(saved).toMatchObject({ name: 'Novo Nome', profile: 'user', queueIds: [support.id] });
    // Anything they could not change themselves is still refused.
    expectNoPermission(await me.call('PUT /users/{id}', `/users/${staff.id}`, { body: { ...body, profile: 'admin' } }));
    expectNoPermission(
      await me.call('PUT /users/{id}', `/users/${staff.id}`, { body: { ...body, queueIds: [sales.id] } }),
    );
    expectNoPermission(
      await me.call('PUT /users/{id}', `/users/${staff.id}`, { body: { ...body, allTicket: 'enabled' } }),
    );
  });
});

describe('PUT /tickets/{id} as the client sends it', () => {
  it('resolves from the ticket header (TicketActionButtonsCustom): promptId and integrationId false', async () => {
    const id = await arrive('Resolve Header', sales.id);
    ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, { body: { status: 'open', userId: a.admin.id } }),
      'accept',
    );
    const res = await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
      body: { status: 'closed', userId: a.admin.id, useIntegration: false, promptId: false, integrationId: false },
    });
    expect(ok(res, 'resolve')).toMatchObject({
      id,
      status: 'closed',
      promptId: null,
      integrationId: null,
      useIntegration: false,
    });
    expect((await ticketRow(t, a.companyId, id)).status).toBe('closed');
  });

  it("accepts and returns from the header with the ticket's own useIntegration, promptId and integrationId", async () => {
    const id = await arrive('Accept Header', sales.id);
    const ticket = ok(await client.call('GET /tickets/{id}', `/tickets/${id}`), 'ticket');
    const echo = {
      useIntegration: ticket.useIntegration,
      promptId: ticket.promptId,
      integrationId: ticket.integrationId,
    };
    const accepted = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: { status: 'open', userId: a.admin.id, ...echo },
      }),
      'accept',
    );
    expect(accepted).toMatchObject({ status: 'open', userId: a.admin.id, contact: { name: 'Accept Header' } });
    const returned = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, { body: { status: 'pending', userId: null, ...echo } }),
      'return',
    );
    expect(returned).toMatchObject({ status: 'pending', userId: null });
  });

  it("resolves from the list (TicketListItemCustom), which also names the ticket's queue: closed, not transferred", async () => {
    const id = await arrive('Resolve List', sales.id);
    ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, { body: { status: 'open', userId: a.admin.id } }),
      'accept',
    );
    const closed = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: {
          status: 'closed',
          userId: a.admin.id,
          queueId: sales.id,
          useIntegration: false,
          promptId: null,
          integrationId: null,
        },
      }),
      'resolve from the list',
    );
    expect(closed).toMatchObject({ status: 'closed', queueId: sales.id });
  });

  it("reopens from the list with the ticket's queue, and into a chosen queue (AcceptTicketWithoutQueueModal)", async () => {
    const id = await arrive('Reopen List', sales.id);
    ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, { body: { status: 'closed', userId: a.admin.id } }),
      'close',
    );
    const reopened = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: { status: 'open', userId: a.admin.id, queueId: sales.id },
      }),
      'reopen from the list',
    );
    expect(reopened).toMatchObject({ status: 'open', userId: a.admin.id, queueId: sales.id });

    const queueless = await arrive('Reopen Sem Fila', null);
    ok(
      await client.call('PUT /tickets/{id}', `/tickets/${queueless}`, {
        body: { status: 'closed', userId: a.admin.id },
      }),
      'close',
    );
    const chosen = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${queueless}`, {
        body: { status: 'open', userId: a.admin.id, queueId: support.id },
      }),
      'reopen into a queue',
    );
    expect(chosen).toMatchObject({
      status: 'open',
      userId: a.admin.id,
      queueId: support.id,
      queue: { name: 'Suporte' },
    });
  });

  it('accepts a queueless pending ticket into a chosen queue (AcceptTicketWithoutQueueModal)', async () => {
    const id = await arrive('Aceite Sem Fila', null);
    const accepted = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: { status: 'open', userId: a.admin.id, queueId: sales.id },
      }),
      'accept into a queue',
    );
    expect(accepted).toMatchObject({ status: 'open', userId: a.admin.id, queueId: sales.id });
  });

  it('transfers (TransferTicketModalCustom): to a queue, waiting; to a user and a connection', async () => {
    const id = await arrive('Transferir', sales.id);
    ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, { body: { status: 'open', userId: a.admin.id } }),
      'accept',
    );
    const waiting = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: { queueId: support.id, status: 'pending', userId: null, whatsappId: conn.id },
      }),
      'transfer to a queue',
    );
    expect(waiting).toMatchObject({ status: 'pending', userId: null, queueId: support.id });
    const agent = await createStaff(t, a, { queueIds: [sales.id] });
    const toUser = ok(
      await client.call('PUT /tickets/{id}', `/tickets/${id}`, {
        body: { userId: agent.id, queueId: sales.id, whatsappId: conn.id },
      }),
      'transfer to a user',
    );
    expect(toUser).toMatchObject({ status: 'open', userId: agent.id, queueId: sales.id, user: { id: agent.id } });
  });
});
