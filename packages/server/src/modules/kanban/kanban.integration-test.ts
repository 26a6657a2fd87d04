import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectSignedOut } from '../../../test/support/expect.js';
import type { Api } from '../../../test/support/client.js';
import { inbound, insertConnection, insertQueue, phone, updateTicketRow } from '../../../test/support/inbox.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface KanbanTicket {
  id: number;
  uuid: string;
  status: string;
  lastMessage: string;
  contact: { name: string; number: string };
  tags: Array<{ id: number; name: string; color: string; kanban: number }>;
}
interface KanbanPage {
  tickets: KanbanTicket[];
  count: number;
  hasMore: boolean;
}

let t: TestApp;
let a: Tenant;
let b: Tenant;
let noKanban: Tenant;
let qA: { id: number };
let qB: { id: number };
let ana: Staff;
let bruno: Staff;
/** Company a: Alice (queue A, pending), Bruno (queue B), Carlos (no queue), Dora (queue A, Ana's), Eva (queue A, closed). */
const tk = {} as Record<'alice' | 'bruno' | 'carlos' | 'dora' | 'eva', { id: number; number: string }>;
let lane: { id: number; name: string; color: string };

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  noKanban = await createTenant(t, { planId: (await createPlan(t, { useKanban: false })).id });
  qA = await insertQueue(t, a.companyId);
  qB = await insertQueue(t, a.companyId);
  const conn = await insertConnection(t, a.companyId, { isDefault: true });
  ana = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  bruno = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
  const arrive = async (name: string, body: string, queueId: number | null) => {
    const number = phone();
    const r = await inbound(t, conn, { number, name }, body);
    if (queueId !== null) await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
    return { id: r.ticketId, number };
  };
  tk.alice = await arrive('Alice', 'quero um orçamento', qA.id);
  tk.bruno = await arrive('Bruno', 'minha entrega atrasou', qB.id);
  tk.carlos = await arrive('Carlos', 'oi', null);
  tk.dora = await arrive('Dora', 'bom dia', qA.id);
  tk.eva = await arrive('Eva', 'obrigada', qA.id);
  expect((await ana.api.put(`/api/tickets/${tk.dora.id}`, { status: 'open' })).status).toBe(200);
  await updateTicketRow(t, a.companyId, tk.eva.id, { status: 'closed' });
  const created = await a.admin.api.post('/api/tags', { name: 'Em negociação', color: '#FFAA00', kanban: 1 });
  expect(created.status).toBe(201);
  lane = created.body;
  expect((await ana.api.put(`/api/ticket-tags/${tk.alice.id}/${lane.id}`)).status).toBe(200);
});
afterAll(() => t.stop());

const kanban = async (api: Api, query = '') => {
  const res = await api.get(`/api/ticket/kanban${query ? `?${query}` : ''}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as KanbanPage;
};
const ids = async (api: Api, query = '') => (await kanban(api, query)).tickets.map((x) => x.id).sort();
const sorted = (...list: number[]) => [...list].sort();

describe('GET /api/ticket/kanban', () => {
  it('answers {tickets, count, hasMore} of the tickets not closed, each with uuid, contact, last message and tags', async () => {
    const body = await kanban(a.admin.api, 'showAll=true');
    expect(body.count).toBe(4);
    expect(body.hasMore).toBe(false);
    expect(body.tickets.map((x) => x.id)).not.toContain(tk.eva.id);
    const alice = body.tickets.find((x) => x.id === tk.alice.id)!;
    expect(alice).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: 'pending',
      lastMessage: 'quero um orçamento',
      contact: { name: 'Alice', number: tk.alice.number },
      tags: [{ id: lane.id, name: 'Em negociação', color: '#FFAA00', kanban: 1 }],
    });
    expect(body.tickets.find((x) => x.id === tk.dora.id)).toMatchObject({ status: 'open', tags: [] });
  });

  it("a user of queue A sees queue A's tickets, never queue B's; showAll does not widen it", async () => {
    expect(await ids(ana.api)).toEqual(sorted(tk.alice.id, tk.dora.id));
    expect(await ids(ana.api, 'showAll=true')).toEqual(sorted(tk.alice.id, tk.dora.id));
    expect(await ids(bruno.api)).toEqual([tk.bruno.id]);
  });

  it("an admin sees every ticket with showAll; without it, the pending ones and their own (the list's scope)", async () => {
    expect(await ids(a.admin.api)).toEqual(sorted(tk.alice.id, tk.bruno.id, tk.carlos.id));
    expect(await ids(a.admin.api, 'showAll=true')).toEqual(sorted(tk.alice.id, tk.bruno.id, tk.carlos.id, tk.dora.id));
  });

  it('narrows to queueIds (plus queueless tickets), within the scope', async () => {
    const q = (list: number[]) => `queueIds=${encodeURIComponent(JSON.stringify(list))}`;
    expect(await ids(a.admin.api, `showAll=true&${q([qB.id])}`)).toEqual(sorted(tk.bruno.id, tk.carlos.id));
    expect(await ids(ana.api, q([qB.id]))).toEqual([]);
  });

  it('refuses bad parameters with 400 naming them', async () => {
    expectInvalid(await a.admin.api.get('/api/ticket/kanban?queueIds=abc'), 'queueIds');
    expectInvalid(await a.admin.api.get('/api/ticket/kanban?showAll=yes'), 'showAll');
    expectInvalid(await a.admin.api.get('/api/ticket/kanban?pageNumber=0'), 'pageNumber');
  });

  it('another company sees none of them; a plan without kanban gets 403; no session 401', async () => {
    expect(await kanban(b.admin.api, 'showAll=true')).toEqual({ tickets: [], count: 0, hasMore: false, lanes: [] });
    expectNoPermission(await noKanban.admin.api.get('/api/ticket/kanban'));
    expectSignedOut(await t.api.get('/api/ticket/kanban'));
  });
});
