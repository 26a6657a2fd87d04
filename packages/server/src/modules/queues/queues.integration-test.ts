import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertCloudConnection,
  type Tenant,
} from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { rawEvent } from '../../../test/support/raw-event.js';
import { inTenant } from '../../db/client.js';
import { contacts, queueOptions, queues, tickets, userQueues, whatsappQueues } from '../../db/schema/index.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let planId: number;

beforeAll(async () => {
  t = await startTestApp();
  planId = (await createPlan(t, { users: 100, connections: 100, queues: 100 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const colour = () => `#${randomBytes(3).toString('hex')}`;

type Queue = Record<string, any> & { id: number; name: string; color: string };

const newQueue = (patch: Record<string, unknown> = {}) => ({
  name: `Queue ${uid()}`,
  color: colour(),
  greetingMessage: 'Olá! Escolha uma opção.',
  ...patch,
});

async function create(tenant: Tenant, patch: Record<string, unknown> = {}): Promise<Queue> {
  const res = await tenant.admin.api.post('/api/queue', newQueue(patch));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The company's stored queues, read through its own scope. */
const stored = (companyId: number) =>
  inTenant(t.running.deps.pools.db, companyId, (tx) => tx.select().from(queues).orderBy(queues.id));
const storedOne = async (companyId: number, id: number) => (await stored(companyId)).find((q) => q.id === id);

/** A queue integration and a prompt of the company (the prompt hands over to a queue of its own). */
async function holders(tenant: Tenant) {
  const integration = await tenant.admin.api.post('/api/queueIntegration', {
    type: 'webhook',
    name: `Hook ${uid()}`,
    urlN8N: 'https://hooks.example.com/balcao',
  });
  expect(integration.status, JSON.stringify(integration.body)).toBe(201);
  const prompt = await tenant.admin.api.post('/api/prompt', {
    name: `Assistente ${uid()}`,
    prompt: 'Você é um assistente cordial que responde dúvidas sobre pedidos e entregas.',
    apiKey: 'sk-test-0123456789abcdef',
    queueId: (await create(tenant)).id,
  });
  expect(prompt.status, JSON.stringify(prompt.body)).toBe(201);
  return { integrationId: integration.body.id as number, promptId: prompt.body.id as number };
}

const WEEK = [
  { weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Terça-feira', weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quarta-feira', weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Quinta-feira', weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sexta-feira', weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
  { weekday: 'Sábado', weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
  { weekday: 'Domingo', weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
];

describe('POST /api/queue', () => {
  it('creates a queue with every field, stored as given (201)', async () => {
    const { integrationId, promptId } = await holders(a);
    const schedules = WEEK.map((d) => ({ ...d, startTime: '09:00', endTime: '17:30' }));
    const res = await a.admin.api.post('/api/queue', {
      name: '  Financeiro  ',
      color: '#00AA11',
      orderQueue: 4,
      greetingMessage: 'Bem-vindo ao financeiro',
      outOfHoursMessage: 'Estamos fechados',
      schedules,
      integrationId,
      promptId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(Number),
      companyId: a.companyId,
      name: 'Financeiro',
      color: '#00aa11',
      orderQueue: 4,
      greetingMessage: 'Bem-vindo ao financeiro',
      outOfHoursMessage: 'Estamos fechados',
      schedules,
      integrationId,
      promptId,
      autoAssign: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(await storedOne(a.companyId, res.body.id)).toMatchObject({
      companyId: a.companyId,
      name: 'Financeiro',
      color: '#00aa11',
      orderQueue: 4,
      schedules,
      integrationId,
      promptId,
    });
  });

  it('gives a queue without hours the default week: Mon–Fri 08–18, Sat 08–12, Sun 00:00–00:00', async () => {
    const q = await create(a, { orderQueue: undefined });
    expect(q.schedules).toEqual(WEEK);
    expect(q).toMatchObject({ orderQueue: null, outOfHoursMessage: '', integrationId: null, promptId: null });
    expect((await storedOne(a.companyId, q.id))?.schedules).toEqual(WEEK);
  });

  it.each([
    ['name', { name: 'A' }],
    ['name', { name: 'x'.repeat(51) }],
    ['color', { color: '#f' }],
    ['color', { color: '#1234567890' }],
    ['orderQueue', { orderQueue: -1 }],
    ['orderQueue', { orderQueue: 1.5 }],
    ['schedules', { schedules: WEEK.slice(0, 6) }],
    ['integrationId', { integrationId: 'abc' }],
  ])('refuses a bad %s with 400 naming it, writing nothing', async (field, patch) => {
    const before = (await stored(a.companyId)).length;
    expectInvalid(await a.admin.api.post('/api/queue', newQueue(patch)), field);
    expect((await stored(a.companyId)).length).toBe(before);
  });

  it("refuses an integration or prompt that is not the company's with 400 naming it, writing nothing", async () => {
    const theirs = await holders(b);
    const mine = await holders(a);
    const before = (await stored(a.companyId)).length;
    expectInvalid(
      await a.admin.api.post('/api/queue', newQueue({ integrationId: theirs.integrationId })),
      'integrationId',
    );
    expectInvalid(await a.admin.api.post('/api/queue', newQueue({ promptId: theirs.promptId })), 'promptId');
    expectInvalid(await a.admin.api.post('/api/queue', newQueue({ integrationId: 2_000_000_000 })), 'integrationId');
    expect((await stored(a.companyId)).length).toBe(before);
    const q = await create(a, mine);
    expectInvalid(await a.admin.api.put(`/api/queue/${q.id}`, { promptId: theirs.promptId }), 'promptId');
    expectInvalid(await a.admin.api.put(`/api/queue/${q.id}`, { integrationId: 2_000_000_000 }), 'integrationId');
    expect(await storedOne(a.companyId, q.id)).toMatchObject(mine);
  });

  it('refuses hours that are not HH:mm, or end before they start', async () => {
    const bad = WEEK.map((d, i) => (i === 0 ? { ...d, startTime: '8h' } : d));
    const res = await a.admin.api.post('/api/queue', newQueue({ schedules: bad }));
    expectError(res, 400, 'ERR_VALIDATION');
    expect(Object.keys(res.body.fields)).toContain('schedules.0.startTime');
    const reversed = WEEK.map((d, i) => (i === 1 ? { ...d, startTime: '18:00', endTime: '08:00' } : d));
    expectError(await a.admin.api.post('/api/queue', newQueue({ schedules: reversed })), 400, 'ERR_VALIDATION');
  });

  it('refuses a plain user with 403 and writes nothing', async () => {
    const name = `Staff ${uid()}`;
    expectNoPermission(await staff.api.post('/api/queue', newQueue({ name })));
    expect((await stored(a.companyId)).some((q) => q.name === name)).toBe(false);
  });

  it('refuses a name already in the company with 400 naming it; another company may use it', async () => {
    const q = await create(a);
    expectInvalid(await a.admin.api.post('/api/queue', newQueue({ name: q.name })), 'name');
    expect((await stored(a.companyId)).filter((r) => r.name === q.name)).toHaveLength(1);
    await create(b, { name: q.name, color: q.color });
  });

  it('refuses a colour already in the company (any case) with 409 ERR_QUEUE_COLOR_ALREADY_EXISTS', async () => {
    const q = await create(a, { color: '#abcdef' });
    const name = `Same colour ${uid()}`;
    expectError(
      await a.admin.api.post('/api/queue', newQueue({ name, color: '#ABCDEF' })),
      409,
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    );
    expect((await stored(a.companyId)).some((r) => r.name === name)).toBe(false);
    expect((await storedOne(a.companyId, q.id))?.color).toBe('#abcdef');
  });

  it("refuses a queue past the plan's limit with 403 ERR_PLAN_LIMIT, writing nothing", async () => {
    const small = await createTenant(t, { planId: (await createPlan(t, { queues: 2 })).id });
    await create(small);
    await create(small);
    expectError(await small.admin.api.post('/api/queue', newQueue()), 403, 'ERR_PLAN_LIMIT');
    expect(await stored(small.companyId)).toHaveLength(2);
  });
});

describe('greeting rule', () => {
  it('lets the only queue go without a greeting, and refuses a second one without its own (400)', async () => {
    const x = await createTenant(t, { planId });
    const first = await create(x, { greetingMessage: '' });
    expect(first.greetingMessage).toBe('');
    expectError(
      await x.admin.api.post('/api/queue', newQueue({ greetingMessage: '   ' })),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect(await stored(x.companyId)).toHaveLength(1);
    await create(x, { greetingMessage: 'Bem-vindo' });
    expect(await stored(x.companyId)).toHaveLength(2);
  });

  it('refuses saving a queue left without a greeting once the company has more than one queue', async () => {
    const x = await createTenant(t, { planId });
    const first = await create(x, { greetingMessage: '' });
    await create(x);
    // An edit that leaves the greeting empty is refused and changes nothing…
    expectError(
      await x.admin.api.put(`/api/queue/${first.id}`, { name: 'Renamed' }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect((await storedOne(x.companyId, first.id))?.name).toBe(first.name);
    // …one giving it a greeting passes, and clearing it again is refused.
    const fixed = await x.admin.api.put(`/api/queue/${first.id}`, { name: 'Renamed', greetingMessage: 'Oi' });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(200);
    expectError(
      await x.admin.api.put(`/api/queue/${first.id}`, { greetingMessage: '' }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
    expect((await storedOne(x.companyId, first.id))?.greetingMessage).toBe('Oi');
  });

  it('still holds for connections: one with more than one queue needs its greeting', async () => {
    const q1 = await create(a);
    const q2 = await create(a);
    expectError(
      await a.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}`, queueIds: [q1.id, q2.id] }),
      400,
      'ERR_WAPP_GREETING_REQUIRED',
    );
  });
});

describe('GET /api/queue', () => {
  it("answers a bare array of the company's queues by orderQueue, then name (unordered last)", async () => {
    const x = await createTenant(t, { planId });
    await create(x, { name: 'Mike' });
    await create(x, { name: 'Bravo', orderQueue: 2 });
    await create(x, { name: 'Alpha', orderQueue: 2 });
    await create(x, { name: 'Zulu', orderQueue: 1 });
    const res = await x.admin.api.get('/api/queue');
    expect(res.status).toBe(200);
    expect(res.body.map((q: Queue) => q.name)).toEqual(['Zulu', 'Alpha', 'Bravo', 'Mike']);
    expect(res.body[0]).toMatchObject({ companyId: x.companyId, orderQueue: 1, schedules: WEEK });
  });

  it("lets a plain user read them all, and never shows another company's", async () => {
    const mine = await create(a);
    const theirs = await create(b);
    const res = await staff.api.get('/api/queue');
    expect(res.status).toBe(200);
    const ids = res.body.map((q: Queue) => q.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(theirs.id);
    expect(ids.length).toBe((await stored(a.companyId)).length);
  });
});

describe('GET /api/queue/:id', () => {
  it('answers the queue to any staff member', async () => {
    const q = await create(a, { outOfHoursMessage: 'Fechado' });
    const res = await staff.api.get(`/api/queue/${q.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(q);
  });

  it("answers 404 for another company's queue and 400 for a bad id", async () => {
    const theirs = await create(b);
    expectNotFound(await a.admin.api.get(`/api/queue/${theirs.id}`));
    expectInvalid(await a.admin.api.get('/api/queue/abc'), 'id');
  });
});

describe('PUT /api/queue/:id', () => {
  it('changes only the fields given', async () => {
    const { promptId } = await holders(a);
    const q = await create(a, { orderQueue: 1, outOfHoursMessage: 'Fechado' });
    const schedules = WEEK.map((d) => (d.weekdayEn === 'sunday' ? { ...d, startTime: '10:00', endTime: '14:00' } : d));
    const res = await a.admin.api.put(`/api/queue/${q.id}`, {
      name: 'Suporte técnico',
      color: '#123ABC',
      orderQueue: null,
      schedules,
      promptId,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: q.id,
      name: 'Suporte técnico',
      color: '#123abc',
      orderQueue: null,
      schedules,
      promptId,
      greetingMessage: q.greetingMessage,
      outOfHoursMessage: 'Fechado',
      integrationId: null,
    });
    expect(await storedOne(a.companyId, q.id)).toMatchObject({ name: 'Suporte técnico', schedules, promptId });
    expect((await a.admin.api.get(`/api/queue/${q.id}`)).body).toEqual(res.body);
  });

  it('refuses bad input with 400 naming the field and keeps the queue', async () => {
    const q = await create(a);
    expectInvalid(await a.admin.api.put(`/api/queue/${q.id}`, { name: 'x'.repeat(51), color: '#000' }), 'name');
    expectInvalid(await a.admin.api.put(`/api/queue/${q.id}`, { schedules: [] }), 'schedules');
    expect(await storedOne(a.companyId, q.id)).toMatchObject({ name: q.name, color: q.color });
  });

  it("refuses another queue's colour (409) or name (400)", async () => {
    const one = await create(a);
    const two = await create(a);
    expectError(
      await a.admin.api.put(`/api/queue/${two.id}`, { color: one.color }),
      409,
      'ERR_QUEUE_COLOR_ALREADY_EXISTS',
    );
    expectInvalid(await a.admin.api.put(`/api/queue/${two.id}`, { name: one.name }), 'name');
    expect(await storedOne(a.companyId, two.id)).toMatchObject({ name: two.name, color: two.color });
  });

  it("refuses a plain user (403) and another company's queue (404), changing nothing", async () => {
    const q = await create(a);
    const theirs = await create(b);
    expectNoPermission(await staff.api.put(`/api/queue/${q.id}`, { name: 'By staff' }));
    expectNotFound(await a.admin.api.put(`/api/queue/${theirs.id}`, { name: 'Taken over' }));
    expect((await storedOne(a.companyId, q.id))?.name).toBe(q.name);
    expect((await storedOne(b.companyId, theirs.id))?.name).toBe(theirs.name);
  });
});

describe('DELETE /api/queue/:id', () => {
  it('deletes it: tickets stay without a queue; its options and user and connection links go', async () => {
    const q = await create(a);
    const member = await createStaff(t, a, { queueIds: [q.id] });
    const connection = await insertCloudConnection(t, a.companyId);
    const { ticketId } = await inTenant(t.running.deps.pools.db, a.companyId, async (tx) => {
      await tx.insert(whatsappQueues).values({ companyId: a.companyId, whatsappId: connection.id, queueId: q.id });
      await tx.insert(queueOptions).values({ companyId: a.companyId, queueId: q.id, title: 'Vendas', option: '1' });
      const [contact] = await tx
        .insert(contacts)
        .values({ companyId: a.companyId, name: 'Cliente', number: `55119${Date.now() % 100_000_000}` })
        .returning();
      const [ticket] = await tx
        .insert(tickets)
        .values({ companyId: a.companyId, contactId: contact!.id, whatsappId: connection.id, queueId: q.id })
        .returning();
      return { ticketId: ticket!.id };
    });

    const res = await a.admin.api.delete(`/api/queue/${q.id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    expectNotFound(await a.admin.api.get(`/api/queue/${q.id}`));
    const left = await inTenant(t.running.deps.pools.db, a.companyId, async (tx) => ({
      ticket: (await tx.select().from(tickets).where(eq(tickets.id, ticketId)))[0],
      options: await tx.select().from(queueOptions).where(eq(queueOptions.queueId, q.id)),
      users: await tx.select().from(userQueues).where(eq(userQueues.queueId, q.id)),
      connections: await tx.select().from(whatsappQueues).where(eq(whatsappQueues.queueId, q.id)),
    }));
    expect(left.ticket).toMatchObject({ id: ticketId, queueId: null });
    expect(left).toMatchObject({ options: [], users: [], connections: [] });
    expect((await a.admin.api.get(`/api/users/${member.id}`)).body.queueIds).toEqual([]);
  });

  it("refuses a plain user (403) and answers 404 for another company's queue, deleting nothing", async () => {
    const q = await create(a);
    const theirs = await create(b);
    expectNoPermission(await staff.api.delete(`/api/queue/${q.id}`));
    expectNotFound(await a.admin.api.delete(`/api/queue/${theirs.id}`));
    expect(await storedOne(a.companyId, q.id)).toBeDefined();
    expect(await storedOne(b.companyId, theirs.id)).toBeDefined();
  });
});

describe('queue events', () => {
  /** Everything a socket hears on one event name. */
  function listen(socket: Socket, name: string) {
    const heard: any[] = [];
    socket.on(name, (payload: unknown) => heard.push(payload));
    return heard;
  }

  it("reach the company's admin on create, update and delete, and never another company's", async () => {
    const mine = await connectSocket(t.url, a.admin.token);
    const other = await connectSocket(t.url, b.admin.token);
    try {
      const heard = listen(mine, `company-${a.companyId}-queue`);
      const overheard: unknown[] = [];
      other.onAny((_name: string, payload: unknown) => overheard.push(payload));

      const q = await create(a);
      await eventually(() => heard.length >= 1, 3_000, 'the create event');
      expect(heard[0]).toEqual({ action: 'create', queue: q });

      const updated = (await a.admin.api.put(`/api/queue/${q.id}`, { name: 'Heard rename' })).body;
      await eventually(() => heard.length >= 2, 3_000, 'the update event');
      expect(heard[1]).toEqual({ action: 'update', queue: updated });

      expect((await a.admin.api.delete(`/api/queue/${q.id}`)).status).toBe(204);
      await eventually(() => heard.length >= 3, 3_000, 'the delete event');
      expect(heard[2]).toEqual({ action: 'delete', queueId: q.id });

      // b's own event arrives after a's would have: a's never did.
      await create(b);
      await eventually(() => overheard.length >= 1, 3_000, "b's own event");
      expect(overheard).toEqual([{ action: 'create', queue: expect.objectContaining({ companyId: b.companyId }) }]);
    } finally {
      mine.disconnect();
      other.disconnect();
    }
  });

  it("moves a member's open socket out of a deleted queue's room and tells them their queues changed", async () => {
    const q = await create(a);
    const keep = await create(a);
    const member = await createStaff(t, a, { queueIds: [q.id, keep.id] });
    const socket = await connectSocket(t.url, member.token);
    try {
      const heardTickets: number[] = [];
      socket.on(`company-${a.companyId}-ticket`, (e: { ticket: { queueId: number } }) =>
        heardTickets.push(e.ticket.queueId),
      );
      const userEvents = listen(socket, `company-${a.companyId}-user`);
      const publishTo = (queueId: number) =>
        t.running.deps.realtime.publish([
          rawEvent(
            a.companyId,
            'ticket',
            { action: 'update', ticket: { id: 1, queueId } },
            { to: 'ticket', queueId, userId: null },
          ),
        ]);
      publishTo(q.id);
      await eventually(() => heardTickets.includes(q.id), 3_000, "the queue's ticket event");

      expect((await a.admin.api.delete(`/api/queue/${q.id}`)).status).toBe(204);
      await eventually(() => userEvents.length >= 1, 3_000, 'the user event');
      expect(userEvents[0]).toEqual({
        action: 'update',
        user: expect.objectContaining({ id: member.id, queueIds: [keep.id] }),
      });
      // The room of the kept queue still reaches the socket; the deleted one's no longer does.
      heardTickets.length = 0;
      publishTo(q.id);
      publishTo(keep.id);
      await eventually(() => heardTickets.includes(keep.id), 3_000, "the kept queue's event");
      await new Promise((r) => setTimeout(r, 300));
      expect(heardTickets).toEqual([keep.id]);
    } finally {
      socket.disconnect();
    }
  });
});
