import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import {
  inbound,
  insertConnection,
  insertContact,
  insertQueue,
  phone,
  updateTicketRow,
} from '../../../test/support/inbox.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface Note {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
let conn: { id: number; companyId: number };
let qA: { id: number };
/** Ana and Alice work queue A; Bruno queue B. */
let ana: Staff;
let alice: Staff;
let bruno: Staff;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId);
  const qB = await insertQueue(t, a.companyId);
  conn = await insertConnection(t, a.companyId, { isDefault: true });
  ana = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  alice = await createStaff(t, a, { name: 'Alice Vendas', queueIds: [qA.id] });
  bruno = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
});
afterAll(() => t.stop());

/** A ticket of queue A with its contact. */
async function ticket() {
  const r = await inbound(t, conn, { number: phone(), name: 'Cliente' }, 'Olá');
  await updateTicketRow(t, a.companyId, r.ticketId, { queueId: qA.id });
  const res = await a.admin.api.get(`/api/tickets/${r.ticketId}`);
  return { id: r.ticketId, contactId: res.body.contactId as number };
}

async function note(api: Api, tk: { id: number; contactId: number }, text = 'Cliente prefere contato à tarde') {
  const res = await api.post('/api/ticket-notes', { note: text, ticketId: tk.id, contactId: tk.contactId });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Note;
}

const notesOf = async (api: Api, tk: { id: number; contactId: number }) => {
  const res = await api.get(`/api/ticket-notes/list?ticketId=${tk.id}&contactId=${tk.contactId}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Note[];
};

describe('POST /api/ticket-notes', () => {
  it('writes a note of the caller on the ticket and its contact (201)', async () => {
    const tk = await ticket();
    const res = await ana.api.post('/api/ticket-notes', {
      note: '  Pediu 2ª via  ',
      ticketId: tk.id,
      contactId: tk.contactId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      note: 'Pediu 2ª via',
      ticketId: tk.id,
      contactId: tk.contactId,
      userId: ana.id,
      user: { id: ana.id, name: 'Ana Vendas' },
      createdAt: expect.any(String),
    });
    expect((await notesOf(alice.api, tk)).map((n) => n.id)).toEqual([res.body.id]);
  });

  it.each([
    ['note', { note: 'a' }],
    ['note', { note: '   ' }],
    ['note', { note: undefined }],
    ['ticketId', { ticketId: 'x' }],
    ['contactId', { contactId: undefined }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, patch) => {
    const tk = await ticket();
    expectInvalid(
      await ana.api.post('/api/ticket-notes', { note: 'válida', ticketId: tk.id, contactId: tk.contactId, ...patch }),
      field,
    );
    expect(await notesOf(ana.api, tk)).toEqual([]);
  });

  it("refuses a contact that is not the ticket's (400 contactId)", async () => {
    const tk = await ticket();
    const other = await insertContact(t, a.companyId);
    expectInvalid(
      await ana.api.post('/api/ticket-notes', { note: 'nota', ticketId: tk.id, contactId: other.id }),
      'contactId',
    );
    expect(await notesOf(ana.api, tk)).toEqual([]);
  });

  it("a user outside the ticket's queue, or another company, gets 404 and nothing is written", async () => {
    const tk = await ticket();
    const body = { note: 'não devia', ticketId: tk.id, contactId: tk.contactId };
    expectNotFound(await bruno.api.post('/api/ticket-notes', body));
    expectNotFound(await b.admin.api.post('/api/ticket-notes', body));
    expect(await notesOf(ana.api, tk)).toEqual([]);
  });
});

describe('GET /api/ticket-notes/list', () => {
  it("answers the ticket's notes, newest first, each with its author", async () => {
    const tk = await ticket();
    const first = await note(ana.api, tk, 'primeira');
    const second = await note(alice.api, tk, 'segunda');
    await note(ana.api, await ticket(), 'de outro ticket');
    const list = await notesOf(a.admin.api, tk);
    expect(list.map((n) => [n.id, n.note, n.user?.name])).toEqual([
      [second.id, 'segunda', 'Alice Vendas'],
      [first.id, 'primeira', 'Ana Vendas'],
    ]);
  });

  it('refuses missing or bad parameters with 400', async () => {
    const tk = await ticket();
    expectInvalid(await ana.api.get(`/api/ticket-notes/list?ticketId=${tk.id}`), 'contactId');
    expectInvalid(await ana.api.get(`/api/ticket-notes/list?ticketId=abc&contactId=${tk.contactId}`), 'ticketId');
  });

  it("a user outside the ticket's queue, or another company, gets 404", async () => {
    const tk = await ticket();
    await note(ana.api, tk);
    const query = `/api/ticket-notes/list?ticketId=${tk.id}&contactId=${tk.contactId}`;
    expectNotFound(await bruno.api.get(query));
    expectNotFound(await b.admin.api.get(query));
  });
});

describe('DELETE /api/ticket-notes/:id', () => {
  it('the author deletes their note (204)', async () => {
    const tk = await ticket();
    const mine = await note(ana.api, tk);
    expect((await ana.api.delete(`/api/ticket-notes/${mine.id}`)).status).toBe(204);
    expect(await notesOf(ana.api, tk)).toEqual([]);
  });

  it("someone else who sees the ticket gets 403; an admin may delete anyone's note", async () => {
    const tk = await ticket();
    const anas = await note(ana.api, tk);
    expectNoPermission(await alice.api.delete(`/api/ticket-notes/${anas.id}`));
    expect((await notesOf(ana.api, tk)).map((n) => n.id)).toEqual([anas.id]);
    expect((await a.admin.api.delete(`/api/ticket-notes/${anas.id}`)).status).toBe(204);
    expect(await notesOf(ana.api, tk)).toEqual([]);
  });

  it("a user outside the ticket's queue, or another company, gets 404; a bad id 400", async () => {
    const tk = await ticket();
    const anas = await note(ana.api, tk);
    expectNotFound(await bruno.api.delete(`/api/ticket-notes/${anas.id}`));
    expectNotFound(await b.admin.api.delete(`/api/ticket-notes/${anas.id}`));
    expectInvalid(await ana.api.delete('/api/ticket-notes/abc'), 'id');
    expect((await notesOf(ana.api, tk)).map((n) => n.id)).toEqual([anas.id]);
  });
});
