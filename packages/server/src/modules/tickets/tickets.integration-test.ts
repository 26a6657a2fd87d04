import { afterEach, beforeAll, afterAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import {
  expectError,
  expectInvalid,
  expectNoPermission,
  expectNotFound,
  expectSignedOut,
} from '../../../test/support/expect.js';
import {
  inbound,
  insertConnection,
  insertContact,
  insertQueue,
  phone,
  putSetting,
  scoped,
  storedMessages,
  ticketRow,
  updateTicketRow,
} from '../../../test/support/inbox.js';
import { ticketTracking, tickets, whatsapps } from '../../db/schema/index.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let qA: { id: number; name: string; color: string };
let qB: { id: number; name: string };
let connA: { id: number; companyId: number };
let connB: { id: number; companyId: number };
/** Ana works queue A ("Vendas"), Bruno queue B ("Suporte"); Carla has no queue and allTicket. */
let userA: Staff;
let userB: Staff;
let userAll: Staff;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50, connections: 10, queues: 10 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId, { name: 'Vendas' });
  qB = await insertQueue(t, a.companyId, { name: 'Suporte' });
  connA = await insertConnection(t, a.companyId, { name: 'Principal', isDefault: true });
  connB = await insertConnection(t, b.companyId, { isDefault: true });
  userA = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  userB = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
  userAll = await createStaff(t, a, { name: 'Carla Geral', allTicket: 'enable' });
});
afterAll(() => t.stop());

const SETTINGS = ['sendGreetingAccepted', 'userRating', 'sendMsgTransfTicket'] as const;
afterEach(async () => {
  for (const key of SETTINGS) await putSetting(a, key, 'disabled');
  await setConnection({ greetingMessage: '', complationMessage: '', ratingMessage: '' });
});

async function setConnection(set: Partial<typeof whatsapps.$inferInsert>) {
  await scoped(t, a.companyId, (tx) => tx.update(whatsapps).set(set).where(eq(whatsapps.id, connA.id)));
}

/** A customer writes on connection A: a pending ticket, put in `queueId` (the chatbot's job). */
async function pendingTicket(queueId: number | null, opts: { isGroup?: boolean; name?: string; number?: string } = {}) {
  const number = opts.number ?? (opts.isGroup ? `1203630${Date.now()}${Math.floor(Math.random() * 1e3)}` : phone());
  // Groups are ignored by default (CheckMsgIsGroup): this company takes them.
  if (opts.isGroup) await putSetting(a, 'CheckMsgIsGroup', 'disabled');
  const r = await inbound(
    t,
    connA,
    { number, name: opts.name ?? 'João Cliente', isGroup: opts.isGroup },
    'Olá, preciso de ajuda',
  );
  if (queueId !== null) await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return { id: r.ticketId, number };
}

/** A pending ticket of `queueId`, accepted by `by`. */
async function openTicket(queueId: number, by: { api: Staff['api'] } = userA) {
  const tk = await pendingTicket(queueId);
  const res = await by.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return tk;
}

const outbound = async (ticketId: number) => (await storedMessages(t, a.companyId, ticketId)).filter((m) => m.fromMe);
const tracking = (ticketId: number) =>
  scoped(t, a.companyId, (tx) =>
    tx.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticketId)).orderBy(ticketTracking.id),
  );

describe('GET /api/tickets/{id} and /api/tickets/u/{uuid}', () => {
  it('answers the ticket with its contact, queue, user, connection, tags, unread count and rating', async () => {
    const tk = await pendingTicket(qA.id);
    const res = await userA.api.get(`/api/tickets/${tk.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: tk.id,
      status: 'pending',
      queueId: qA.id,
      queue: { id: qA.id, name: 'Vendas', color: qA.color },
      userId: null,
      user: null,
      whatsapp: { id: connA.id, name: 'Principal', status: expect.any(String) },
      contact: { name: 'João Cliente', number: tk.number, email: '', extraInfo: [], profilePicUrl: '' },
      tags: [],
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda',
      rating: null,
    });
    const byUuid = await userA.api.get(`/api/tickets/u/${res.body.uuid}`);
    expect(byUuid.status).toBe(200);
    expect(byUuid.body).toEqual(res.body);
  });

  it('a user of another queue, and another company, get 404 — by id and by uuid', async () => {
    const tk = await pendingTicket(qA.id);
    const { uuid } = (await a.admin.api.get(`/api/tickets/${tk.id}`)).body;
    expectNotFound(await userB.api.get(`/api/tickets/${tk.id}`));
    expectNotFound(await userB.api.get(`/api/tickets/u/${uuid}`));
    expectNotFound(await b.admin.api.get(`/api/tickets/${tk.id}`));
    expectNotFound(await b.admin.api.get(`/api/tickets/u/${uuid}`));
  });

  it('queueless tickets: seen by allTicket users and admins, not by others — unless assigned to them', async () => {
    const tk = await pendingTicket(null);
    expect((await userAll.api.get(`/api/tickets/${tk.id}`)).status).toBe(200);
    expect((await a.admin.api.get(`/api/tickets/${tk.id}`)).status).toBe(200);
    expectNotFound(await userA.api.get(`/api/tickets/${tk.id}`));
    await updateTicketRow(t, a.companyId, tk.id, { userId: userA.id });
    expect((await userA.api.get(`/api/tickets/${tk.id}`)).status).toBe(200);
  });

  it('refuses malformed ids and anonymous callers', async () => {
    expectInvalid(await userA.api.get('/api/tickets/abc'), 'id');
    expectInvalid(await userA.api.get('/api/tickets/u/not-a-uuid'), 'uuid');
    expectSignedOut(await t.api.get('/api/tickets/1'));
  });
});

describe('POST /api/tickets', () => {
  it('an admin opens a ticket without a queue, on the default connection, assigned to themself', async () => {
    const contact = await insertContact(t, a.companyId, { name: 'Maria Nova' });
    const res = await a.admin.api.post('/api/tickets', { contactId: contact.id, status: 'open' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      status: 'open',
      contactId: contact.id,
      contact: { name: 'Maria Nova' },
      queueId: null,
      userId: a.admin.id,
      whatsappId: connA.id,
      whatsapp: { id: connA.id },
    });
    const [cycle] = await tracking(res.body.id);
    expect(cycle).toMatchObject({
      userId: a.admin.id,
      queuedAt: expect.any(Date),
      startedAt: expect.any(Date),
      finishedAt: null,
    });
  });

  it('a user must choose one of their own queues', async () => {
    const contact = await insertContact(t, a.companyId);
    expectInvalid(await userA.api.post('/api/tickets', { contactId: contact.id }), 'queueId');
    expectInvalid(await userA.api.post('/api/tickets', { contactId: contact.id, queueId: qB.id }), 'queueId');
    const res = await userA.api.post('/api/tickets', { contactId: contact.id, queueId: qA.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ status: 'open', userId: userA.id, queueId: qA.id, queue: { name: 'Vendas' } });
  });

  it('only an admin opens a ticket for someone else', async () => {
    const contact = await insertContact(t, a.companyId);
    expectNoPermission(
      await userA.api.post('/api/tickets', { contactId: contact.id, queueId: qA.id, userId: userB.id }),
    );
    const res = await a.admin.api.post('/api/tickets', { contactId: contact.id, queueId: qB.id, userId: userB.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: userB.id, user: { id: userB.id, name: 'Bruno Suporte' } });
  });

  it("another company's contact is not found; its queue, an unknown connection or user are bad fields", async () => {
    const theirs = await insertContact(t, b.companyId);
    expectNotFound(await a.admin.api.post('/api/tickets', { contactId: theirs.id }));
    const theirQueue = await insertQueue(t, b.companyId);
    const mine = await insertContact(t, a.companyId);
    expectInvalid(await a.admin.api.post('/api/tickets', { contactId: mine.id, queueId: theirQueue.id }), 'queueId');
    expectInvalid(await a.admin.api.post('/api/tickets', { contactId: mine.id, whatsappId: connB.id }), 'whatsappId');
    expectInvalid(await a.admin.api.post('/api/tickets', { contactId: mine.id, userId: b.admin.id }), 'userId');
  });

  it('refuses bad input naming the field', async () => {
    expectInvalid(await a.admin.api.post('/api/tickets', {}), 'contactId');
    const contact = await insertContact(t, a.companyId);
    expectInvalid(await a.admin.api.post('/api/tickets', { contactId: contact.id, status: 'closed' }), 'status');
  });

  it('without a connection given nor a default one: ERR_NO_DEF_WAPP_FOUND', async () => {
    const c = await createTenant(t);
    const contact = await insertContact(t, c.companyId);
    expectError(await c.admin.api.post('/api/tickets', { contactId: contact.id }), 400, 'ERR_NO_DEF_WAPP_FOUND');
  });

  it("a contact's live ticket on the connection answers 409 ERR_OTHER_OPEN_TICKET with that ticket, its user and queue", async () => {
    const tk = await openTicket(qA.id, userA);
    const [row] = await scoped(t, a.companyId, (tx) => tx.select().from(tickets).where(eq(tickets.id, tk.id)));
    const res = await a.admin.api.post('/api/tickets', { contactId: row!.contactId });
    expectError(res, 409, 'ERR_OTHER_OPEN_TICKET');
    expect(res.body.ticket).toMatchObject({
      id: tk.id,
      status: 'open',
      user: { id: userA.id, name: 'Ana Vendas' },
      queue: { id: qA.id, name: 'Vendas' },
    });
  });

  it('two requests at once for the same contact: one ticket is created, the other answers 409 with it', async () => {
    const contact = await insertContact(t, a.companyId);
    const answers = await Promise.all(
      [0, 1, 2].map(() => a.admin.api.post('/api/tickets', { contactId: contact.id, queueId: qA.id })),
    );
    const created = answers.filter((r) => r.status === 201);
    const refused = answers.filter((r) => r.status === 409);
    expect(created).toHaveLength(1);
    expect(refused).toHaveLength(2);
    for (const r of refused)
      expect(r.body).toMatchObject({ error: 'ERR_OTHER_OPEN_TICKET', ticket: { id: created[0]!.body.id } });
    const live = await scoped(t, a.companyId, (tx) =>
      tx
        .select()
        .from(tickets)
        .where(and(eq(tickets.contactId, contact.id), inArray(tickets.status, ['open', 'pending']))),
    );
    expect(live).toHaveLength(1);
  });
});

describe('PUT /api/tickets/{id}: accept', () => {
  it('pending → open for the caller; no greeting while sendGreetingAccepted is off', async () => {
    await setConnection({ greetingMessage: 'Olá {{firstName}}' });
    const tk = await pendingTicket(qA.id);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'open', userId: userA.id, user: { name: 'Ana Vendas' }, queueId: qA.id });
    expect(await outbound(tk.id)).toEqual([]);
    const [cycle] = await tracking(tk.id);
    expect(cycle).toMatchObject({ userId: userA.id, startedAt: expect.any(Date), finishedAt: null });
  });

  it("with sendGreetingAccepted enabled, the connection's greeting goes out with its variables filled in", async () => {
    await putSetting(a, 'sendGreetingAccepted', 'enabled');
    await setConnection({ greetingMessage: '{{ms}}, {{firstName}}! Protocolo {{protocol}}.' });
    const tk = await pendingTicket(qA.id, { name: 'João Cliente' });
    expect((await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open' })).status).toBe(200);
    const sent = await outbound(tk.id);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatch(new RegExp(`^(Bom dia|Boa tarde|Boa noite), João! Protocolo \\d{8}${tk.id}\\.$`));
    expect(sent[0]).toMatchObject({ ack: 0, userId: null, whatsappId: connA.id });
  });

  it('never greets a group', async () => {
    await putSetting(a, 'sendGreetingAccepted', 'enabled');
    await setConnection({ greetingMessage: 'Olá {{firstName}}' });
    const tk = await pendingTicket(qA.id, { isGroup: true, name: 'Grupo da Família' });
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
    expect(res.body).toMatchObject({ status: 'open', isGroup: true });
    expect(await outbound(tk.id)).toEqual([]);
  });

  it('an admin may accept for someone else; a user may not', async () => {
    const tk = await pendingTicket(qA.id);
    expectNoPermission(await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open', userId: userB.id }));
    expect((await ticketRow(t, a.companyId, tk.id)).status).toBe('pending');
    const res = await a.admin.api.put(`/api/tickets/${tk.id}`, { status: 'open', userId: userB.id });
    expect(res.body).toMatchObject({ status: 'open', userId: userB.id });
    expectInvalid(
      await a.admin.api.put(`/api/tickets/${(await pendingTicket(qA.id)).id}`, { status: 'open', userId: 999_999 }),
      'userId',
    );
  });
});

describe('PUT /api/tickets/{id}: return, reopen and refused moves', () => {
  it('return: open → pending, user cleared, queue kept', async () => {
    const tk = await openTicket(qA.id);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'pending' });
    expect(res.body).toMatchObject({ status: 'pending', userId: null, user: null, queueId: qA.id });
  });

  it('reopen: closed → open with the caller, in a new attendance cycle', async () => {
    const tk = await openTicket(qA.id);
    expect((await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' })).body.status).toBe('closed');
    const res = await a.admin.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
    expect(res.body).toMatchObject({ status: 'open', userId: a.admin.id, queueId: qA.id });
    const cycles = await tracking(tk.id);
    expect(cycles).toHaveLength(2);
    expect(cycles[0]).toMatchObject({ finishedAt: expect.any(Date) });
    expect(cycles[1]).toMatchObject({ userId: a.admin.id, startedAt: expect.any(Date), finishedAt: null });
  });

  it('reopening while the contact has a newer live ticket answers 409 ERR_OTHER_OPEN_TICKET with that one', async () => {
    const tk = await openTicket(qA.id);
    await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    const newer = await inbound(t, connA, { number: tk.number }, 'voltei');
    expect(newer.ticketId).not.toBe(tk.id);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
    expectError(res, 409, 'ERR_OTHER_OPEN_TICKET');
    expect(res.body.ticket).toMatchObject({ id: newer.ticketId, status: 'pending' });
    expect((await ticketRow(t, a.companyId, tk.id)).status).toBe('closed');
  });

  it('closed → pending is refused; the same status changes nothing', async () => {
    const tk = await openTicket(qA.id);
    const same = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'open' });
    expect(same.body).toMatchObject({ status: 'open', userId: userA.id });
    await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { status: 'pending' }), 'status');
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { status: 'archived' }), 'status');
    expectInvalid(await userA.api.put('/api/tickets/abc', { status: 'open' }), 'id');
  });

  it('a user of another queue, and another company, get 404 on every transition', async () => {
    const tk = await pendingTicket(qA.id);
    for (const body of [{ status: 'open' }, { status: 'closed' }, { queueId: qB.id }]) {
      expectNotFound(await userB.api.put(`/api/tickets/${tk.id}`, body));
      expectNotFound(await b.admin.api.put(`/api/tickets/${tk.id}`, body));
    }
    expect(await ticketRow(t, a.companyId, tk.id)).toMatchObject({ status: 'pending', queueId: qA.id });
  });
});

describe('PUT /api/tickets/{id}: references', () => {
  it("refuses another company's user, connection or queue, and a prompt or integration that does not exist, changing nothing", async () => {
    const tk = await openTicket(qA.id);
    const before = await ticketRow(t, a.companyId, tk.id);
    const theirs = await createStaff(t, b);
    const theirQueue = await insertQueue(t, b.companyId, { name: 'Deles' });
    for (const [field, body] of [
      ['userId', { status: 'open', userId: theirs.id }],
      ['whatsappId', { whatsappId: connB.id }],
      ['queueId', { queueId: theirQueue.id }],
      ['promptId', { promptId: 1 }],
      ['integrationId', { integrationId: 1 }],
    ] as const) {
      expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, body), field);
    }
    expect(await ticketRow(t, a.companyId, tk.id)).toEqual(before);
  });
});

describe('PUT /api/tickets/{id}: close and the rating flow', () => {
  it('close keeps queue and user, clears integration and prompt, and sends the completion message', async () => {
    await setConnection({ complationMessage: 'Atendimento encerrado, {{firstName}}.' });
    const tk = await openTicket(qA.id);
    // Prompts and integrations have no endpoints yet (an id of theirs is refused): straight in.
    await scoped(t, a.companyId, (tx) =>
      tx.update(tickets).set({ useIntegration: true, integrationId: 5, promptId: 6 }).where(eq(tickets.id, tk.id)),
    );
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    expect(res.body).toMatchObject({
      status: 'closed',
      queueId: qA.id,
      userId: userA.id,
      useIntegration: false,
      integrationId: null,
      promptId: null,
      ratingPending: false,
    });
    expect((await outbound(tk.id)).map((m) => m.body)).toEqual(['Atendimento encerrado, João.']);
    expect((await tracking(tk.id))[0]).toMatchObject({ finishedAt: expect.any(Date), rating: null });
  });

  for (const rating of [1, 2, 3]) {
    it(`with userRating enabled the rating request goes out; the customer's ${rating} is stored and the ticket closes`, async () => {
      await putSetting(a, 'userRating', 'enabled');
      await setConnection({
        ratingMessage: 'Como foi nosso atendimento, {{firstName}}?',
        complationMessage: 'Obrigado!',
      });
      const tk = await openTicket(qA.id);
      const asked = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
      expect(asked.body).toMatchObject({ status: 'open', ratingPending: true, userId: userA.id });
      const request = (await outbound(tk.id)).at(-1)!;
      expect(request.body).toContain('Como foi nosso atendimento, João?');
      expect(request.body).toContain('*3* - _Muito satisfeito_');
      expect((await tracking(tk.id))[0]).toMatchObject({ ratingAt: expect.any(Date), finishedAt: null });

      const reply = await inbound(t, connA, { number: tk.number }, ` ${rating} `);
      expect(reply.ticketId).toBe(tk.id);
      expect(await ticketRow(t, a.companyId, tk.id)).toMatchObject({ status: 'closed', ratingPending: false });
      expect((await userA.api.get(`/api/tickets/${tk.id}`)).body).toMatchObject({ status: 'closed', rating });
      expect((await outbound(tk.id)).at(-1)!.body).toBe('Obrigado!');
      expect((await tracking(tk.id))[0]).toMatchObject({
        rating,
        ratedAt: expect.any(Date),
        finishedAt: expect.any(Date),
      });
    });
  }

  it('a text that names its own scale goes out as written and the reply is read on that scale (1–5 → 1–3)', async () => {
    await putSetting(a, 'userRating', 'enabled');
    await setConnection({ ratingMessage: 'Responda de 1 a 5, {{firstName}}', complationMessage: 'Obrigado!' });
    const rate = async (answer: string) => {
      const tk = await openTicket(qA.id);
      await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
      expect((await outbound(tk.id)).at(-1)!.body).toBe('Responda de 1 a 5, João');
      await inbound(t, connA, { number: tk.number }, answer);
      expect(await ticketRow(t, a.companyId, tk.id)).toMatchObject({ status: 'closed', ratingPending: false });
      return (await a.admin.api.get(`/api/tickets/${tk.id}`)).body.rating as number | null;
    };
    expect(await rate('5')).toBe(3);
    expect(await rate('4')).toBe(3);
    expect(await rate('1')).toBe(1);
    expect(await rate('6')).toBeNull();
  });

  it('a reply that is not a rating closes the ticket without one', async () => {
    await putSetting(a, 'userRating', 'enabled');
    await setConnection({ ratingMessage: 'Avalie de 1 a 3' });
    const tk = await openTicket(qA.id);
    await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    await inbound(t, connA, { number: tk.number }, 'obrigado, nota 10');
    expect(await ticketRow(t, a.companyId, tk.id)).toMatchObject({ status: 'closed', ratingPending: false });
    expect((await a.admin.api.get(`/api/tickets/${tk.id}`)).body.rating).toBeNull();
  });

  it('closing again while the rating is pending closes at once, without a rating', async () => {
    await putSetting(a, 'userRating', 'enabled');
    await setConnection({ ratingMessage: 'Avalie de 1 a 3' });
    const tk = await openTicket(qA.id);
    expect((await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' })).body.ratingPending).toBe(true);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    expect(res.body).toMatchObject({ status: 'closed', ratingPending: false });
    // A late reply no longer rates anything: it opens a new ticket.
    const later = await inbound(t, connA, { number: tk.number }, '3');
    expect(later.ticketId).not.toBe(tk.id);
    expect((await a.admin.api.get(`/api/tickets/${tk.id}`)).body.rating).toBeNull();
  });

  it('with userRating enabled but no rating message (or a pending ticket), closing is immediate', async () => {
    await putSetting(a, 'userRating', 'enabled');
    const tk = await openTicket(qA.id);
    expect((await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' })).body.status).toBe('closed');
    await setConnection({ ratingMessage: 'Avalie de 1 a 3' });
    const waiting = await pendingTicket(qA.id);
    expect((await userA.api.put(`/api/tickets/${waiting.id}`, { status: 'closed' })).body.status).toBe('closed');
    expect(await outbound(waiting.id)).toEqual([]);
  });
});

describe('PUT /api/tickets/{id}: transfer', () => {
  it('to a queue without a user: pending with the user cleared, and the old queue loses it', async () => {
    const tk = await openTicket(qA.id);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ status: 'pending', queueId: qB.id, queue: { name: 'Suporte' }, userId: null });
    expectNotFound(await userA.api.get(`/api/tickets/${tk.id}`));
    expect((await userB.api.get(`/api/tickets/${tk.id}`)).status).toBe(200);
    expect(await outbound(tk.id)).toEqual([]); // sendMsgTransfTicket is off
  });

  it('to a queue and a user: open and theirs', async () => {
    const tk = await pendingTicket(qA.id);
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id, userId: userB.id });
    expect(res.body).toMatchObject({
      status: 'open',
      queueId: qB.id,
      userId: userB.id,
      user: { name: 'Bruno Suporte' },
    });
    expect((await tracking(tk.id))[0]).toMatchObject({ queueId: qB.id, userId: userB.id, startedAt: expect.any(Date) });
  });

  it('with sendMsgTransfTicket enabled the customer is told where they went', async () => {
    await putSetting(a, 'sendMsgTransfTicket', 'enabled');
    const toQueue = await openTicket(qA.id);
    await userA.api.put(`/api/tickets/${toQueue.id}`, { queueId: qB.id });
    expect((await outbound(toQueue.id)).map((m) => m.body)).toEqual([
      '*Mensagem automática*:\nVocê foi transferido para o departamento *Suporte*.\nAguarde, já vamos te atender!',
    ]);
    const toUser = await openTicket(qA.id);
    await userA.api.put(`/api/tickets/${toUser.id}`, { queueId: qB.id, userId: userB.id });
    expect((await outbound(toUser.id)).at(-1)!.body).toContain('atendente *Bruno Suporte* do departamento *Suporte*');
    const group = await pendingTicket(qA.id, { isGroup: true });
    await a.admin.api.put(`/api/tickets/${group.id}`, { queueId: qB.id });
    expect(await outbound(group.id)).toEqual([]);
  });

  it('needs a known queue of the company; user and connection must exist too', async () => {
    const tk = await openTicket(qA.id);
    const theirQueue = await insertQueue(t, b.companyId);
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: 999_999 }), 'queueId');
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: theirQueue.id }), 'queueId');
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: null }), 'queueId');
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id, userId: b.admin.id }), 'userId');
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id, whatsappId: connB.id }), 'whatsappId');
    expect(await ticketRow(t, a.companyId, tk.id)).toMatchObject({ queueId: qA.id, userId: userA.id, status: 'open' });
  });

  it('a closed ticket is reopened, not transferred', async () => {
    const tk = await openTicket(qA.id);
    await userA.api.put(`/api/tickets/${tk.id}`, { status: 'closed' });
    expectInvalid(await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id }), 'status');
  });

  it('to another connection where the contact already has a live ticket: 409 with that ticket', async () => {
    const other = await insertConnection(t, a.companyId, { name: 'Secundária' });
    const tk = await openTicket(qA.id);
    const there = await inbound(t, other, { number: tk.number }, 'oi pela outra linha');
    const res = await userA.api.put(`/api/tickets/${tk.id}`, { queueId: qB.id, whatsappId: other.id });
    expectError(res, 409, 'ERR_OTHER_OPEN_TICKET');
    expect(res.body.ticket).toMatchObject({ id: there.ticketId, whatsappId: other.id });
  });
});

describe('DELETE /api/tickets/{id}', () => {
  it('needs ticket-options:deleteTicket', async () => {
    const tk = await openTicket(qA.id);
    expectNoPermission(await userA.api.delete(`/api/tickets/${tk.id}`));
    expect((await ticketRow(t, a.companyId, tk.id)).id).toBe(tk.id);
  });

  it('an admin deletes the ticket with its messages', async () => {
    const tk = await pendingTicket(qA.id);
    const res = await a.admin.api.delete(`/api/tickets/${tk.id}`);
    expect(res.status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/tickets/${tk.id}`));
    expect(await storedMessages(t, a.companyId, tk.id)).toEqual([]);
  });

  it("another company's ticket: 404, and it stays", async () => {
    const tk = await pendingTicket(qA.id);
    expectNotFound(await b.admin.api.delete(`/api/tickets/${tk.id}`));
    expect((await ticketRow(t, a.companyId, tk.id)).id).toBe(tk.id);
  });
});
