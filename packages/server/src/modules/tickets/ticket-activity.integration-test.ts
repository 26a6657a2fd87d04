import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectNotFound } from '../../../test/support/expect.js';
import {
  inbound,
  insertConnection,
  insertContact,
  insertQueue,
  phone,
  scoped,
  updateTicketRow,
} from '../../../test/support/inbox.js';
import { ticketActivities } from '../../db/schema/index.js';
import { recordActivity } from './activity.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let qA: { id: number };
let qB: { id: number };
let connA: { id: number; companyId: number };
let ana: Staff;
let bruno: Staff;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50, connections: 10, queues: 10 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId, { name: 'Vendas' });
  qB = await insertQueue(t, a.companyId, { name: 'Suporte' });
  connA = await insertConnection(t, a.companyId, { isDefault: true });
  ana = await createStaff(t, a, { name: 'Ana', queueIds: [qA.id] });
  bruno = await createStaff(t, a, { name: 'Bruno', queueIds: [qB.id] });
});
afterAll(() => t.stop());

async function pendingTicket(queueId: number, number = phone()) {
  const r = await inbound(t, connA, { number, name: 'Cliente' }, 'Olá');
  await updateTicketRow(t, a.companyId, r.ticketId, { queueId });
  return r.ticketId;
}

const activity = async (api: Staff['api'], id: number) => {
  const res = await api.get(`/api/tickets/${id}/activity`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.records as Array<Record<string, unknown>>;
};

describe('GET /api/tickets/{id}/activity', () => {
  it('lists each change of the single routes, oldest first, with who did it and where', async () => {
    const id = await pendingTicket(qA.id);
    const ok = (res: { status: number; body: unknown }) => expect(res.status, JSON.stringify(res.body)).toBe(200);
    ok(await ana.api.put(`/api/tickets/${id}`, { status: 'open' }));
    const tag = (await a.admin.api.post('/api/tags', { name: 'VIP', color: '#ff0000' })).body as { id: number };
    ok(await ana.api.post('/api/tags/sync', { ticketId: id, tags: [{ id: tag.id }] }));
    ok(await ana.api.post('/api/tags/sync', { ticketId: id, tags: [] }));
    ok(await a.admin.api.put(`/api/tickets/${id}`, { queueId: qB.id, userId: bruno.id }));
    ok(await bruno.api.put(`/api/tickets/${id}`, { status: 'closed' }));
    ok(await bruno.api.put(`/api/tickets/${id}`, { status: 'open' }));

    const records = await activity(a.admin.api, id);
    expect(records.map(({ at: _at, ...r }) => r)).toEqual([
      { action: 'accepted', userId: ana.id, queueId: qA.id, toUserId: ana.id },
      { action: 'tagged', userId: ana.id, queueId: qA.id, tagId: tag.id },
      { action: 'untagged', userId: ana.id, queueId: qA.id, tagId: tag.id },
      { action: 'transferred', userId: a.admin.id, queueId: qA.id, toQueueId: qB.id, toUserId: bruno.id },
      { action: 'closed', userId: bruno.id, queueId: qB.id },
      { action: 'reopened', userId: bruno.id, queueId: qB.id, toQueueId: qB.id, toUserId: bruno.id },
    ]);
    const times = records.map((r) => Date.parse(r.at as string));
    expect([...times].sort((x, y) => x - y)).toEqual(times);
  });

  it('records the creation of a ticket an attendant opens', async () => {
    const contact = await insertContact(t, a.companyId, { number: phone() });
    const res = await ana.api.post('/api/tickets', { contactId: contact.id, queueId: qA.id });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const records = await activity(ana.api, res.body.id);
    expect(records).toMatchObject([{ action: 'created', userId: ana.id, queueId: qA.id, toUserId: ana.id }]);
  });

  it('writes nothing when the change does not happen (a refused transition, a rolled-back transaction)', async () => {
    const number = phone();
    const first = await pendingTicket(qA.id, number);
    expect((await ana.api.put(`/api/tickets/${first}`, { status: 'closed' })).status).toBe(200);
    await pendingTicket(qA.id, number); // the contact's new live ticket
    const refused = await ana.api.put(`/api/tickets/${first}`, { status: 'open' });
    expect(refused.status).toBe(409);
    expect((await activity(ana.api, first)).map((r) => r.action)).toEqual(['closed']);

    const ticket = { id: first, companyId: a.companyId, queueId: qA.id };
    await expect(
      scoped(t, a.companyId, async (tx) => {
        await recordActivity(tx, ticket, null, [{ action: 'assigned', toUserId: ana.id }]);
        throw new Error('the change failed after the record');
      }),
    ).rejects.toThrow('the change failed');
    const rows = await scoped(t, a.companyId, (tx) =>
      tx.select().from(ticketActivities).where(eq(ticketActivities.ticketId, first)),
    );
    expect(rows.map((r) => r.action)).toEqual(['closed']);
  });

  it('is 404 for another company and for a ticket outside the caller’s queues', async () => {
    const id = await pendingTicket(qA.id);
    expectNotFound(await b.admin.api.get(`/api/tickets/${id}/activity`));
    expectNotFound(await bruno.api.get(`/api/tickets/${id}/activity`));
  });
});
