import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission } from '../../../test/support/expect.js';
import { inbound, insertConnection, insertContact, insertQueue, phone, scoped } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { contacts, ticketTracking, tickets } from '../../db/schema/index.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

/**
 * Cycles at known instants around the range asked, 2025-03-01 .. 2025-03-02 in America/Sao_Paulo
 * (UTC−3): [2025-03-01T03:00Z, 2025-03-03T03:00Z). Times are UTC, seconds after the customer's
 * first message. First response counts on the customer's day, resolution on the close's,
 * the rating on its own.
 */
interface Cycle {
  name: string;
  user?: 'ana' | 'bruno';
  queue?: 'vendas' | 'suporte';
  customer: string;
  response?: number;
  finished?: number;
  rating?: number;
}
const CYCLES: Cycle[] = [
  {
    name: 'C1',
    user: 'ana',
    queue: 'vendas',
    customer: '2025-03-01T12:00:00Z',
    response: 60,
    finished: 600,
    rating: 3,
  },
  {
    name: 'C2',
    user: 'ana',
    queue: 'suporte',
    customer: '2025-03-01T13:00:00Z',
    response: 120,
    finished: 1200,
    rating: 1,
  },
  {
    name: 'C3',
    user: 'bruno',
    queue: 'vendas',
    customer: '2025-03-02T10:00:00Z',
    response: 300,
    finished: 3600,
    rating: 2,
  },
  // Still open: a first response, no resolution.
  { name: 'C4', user: 'bruno', queue: 'vendas', customer: '2025-03-02T20:00:00Z', response: 30 },
  // Closed with nobody answering: a resolution, no first response, no attendant.
  { name: 'C5', queue: 'vendas', customer: '2025-03-01T14:00:00Z', finished: 900 },
  // The customer wrote Feb 28 23:30 local (outside), closed and rated Mar 1 00:30 local (inside).
  {
    name: 'C6',
    user: 'ana',
    queue: 'suporte',
    customer: '2025-03-01T02:30:00Z',
    response: 600,
    finished: 3600,
    rating: 3,
  },
  // The customer wrote Mar 2 23:00 local (inside), closed Mar 3 02:00 local (outside).
  { name: 'C7', user: 'bruno', queue: 'suporte', customer: '2025-03-03T02:00:00Z', response: 7200, finished: 10800 },
];
const RANGE = 'from=2025-03-01&to=2025-03-02';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;
let bruno: Staff;
let vendas: number;
let suporte: number;
let queueOfB: number;

const later = (at: string, seconds: number) => new Date(Date.parse(at) + seconds * 1000);

async function seed(
  companyId: number,
  staff: Record<'ana' | 'bruno', number>,
  queues: Record<'vendas' | 'suporte', number>,
) {
  await scoped(t, companyId, async (tx) => {
    const [contact] = await tx.insert(contacts).values({ companyId, name: 'Cliente', number: phone() }).returning();
    for (const c of CYCLES) {
      const finishedAt = c.finished !== undefined ? later(c.customer, c.finished) : null;
      const [ticket] = await tx
        .insert(tickets)
        .values({
          companyId,
          contactId: contact!.id,
          status: finishedAt ? 'closed' : 'open',
          userId: c.user ? staff[c.user] : null,
          queueId: c.queue ? queues[c.queue] : null,
          lastMessage: c.name,
          createdAt: new Date(c.customer),
        })
        .returning();
      await tx.insert(ticketTracking).values({
        companyId,
        ticketId: ticket!.id,
        userId: c.user ? staff[c.user] : null,
        queueId: c.queue ? queues[c.queue] : null,
        queuedAt: new Date(c.customer),
        firstCustomerAt: new Date(c.customer),
        firstResponseAt: c.response !== undefined ? later(c.customer, c.response) : null,
        finishedAt,
        rating: c.rating ?? null,
        ratedAt: c.rating ? finishedAt : null,
      });
    }
  });
}

const setZone = (companyId: number, zone: string) =>
  t.running.deps.pools.owner.query(`update companies set timezone = $1 where id = $2`, [zone, companyId]);

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 20 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  ana = await createStaff(t, a, { name: 'Ana Report' });
  bruno = await createStaff(t, a, { name: 'Bruno Report' });
  vendas = (await insertQueue(t, a.companyId, { name: 'Vendas' })).id;
  suporte = (await insertQueue(t, a.companyId, { name: 'Suporte' })).id;
  const anaB = await createStaff(t, b, { name: 'Ana de B' });
  queueOfB = (await insertQueue(t, b.companyId, { name: 'Fila de B' })).id;
  await setZone(a.companyId, 'America/Sao_Paulo');
  await setZone(b.companyId, 'America/Sao_Paulo');
  await seed(a.companyId, { ana: ana.id, bruno: bruno.id }, { vendas, suporte });
  // The neighbour holds the same cycles: none of them may reach company a's figures.
  await seed(b.companyId, { ana: anaB.id, bruno: anaB.id }, { vendas: queueOfB, suporte: queueOfB });
});
afterAll(async () => {
  await t.stop();
});

describe('GET /api/reports/attendance', () => {
  it('computes first response, resolution and CSAT over the company days, per attendant and per queue', async () => {
    const res = await a.admin.api.get(`/api/reports/attendance?${RANGE}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      // C1 60, C2 120, C3 300, C4 30, C7 7200 (C6 wrote the day before).
      firstResponse: { count: 5, p50Seconds: 120, p90Seconds: 7200 },
      // C1 600, C2 1200, C3 3600, C5 900, C6 3600 (C7 closed the day after).
      resolution: { count: 5, p50Seconds: 1200, p90Seconds: 3600 },
      // C1 3, C2 1, C3 2, C6 3.
      csat: { count: 4, average: 2.25 },
      byUser: [
        {
          userId: ana.id,
          name: 'Ana Report',
          tickets: 3,
          firstResponseP50Seconds: 60,
          resolutionP50Seconds: 1200,
          csatAverage: 2.33,
        },
        {
          userId: bruno.id,
          name: 'Bruno Report',
          tickets: 1,
          firstResponseP50Seconds: 300,
          resolutionP50Seconds: 3600,
          csatAverage: 2,
        },
      ],
      byQueue: [
        {
          queueId: suporte,
          name: 'Suporte',
          tickets: 2,
          firstResponseP50Seconds: 120,
          resolutionP50Seconds: 1200,
          csatAverage: 2,
        },
        {
          queueId: vendas,
          name: 'Vendas',
          tickets: 3,
          firstResponseP50Seconds: 60,
          resolutionP50Seconds: 900,
          csatAverage: 2.5,
        },
      ],
    });
  });

  it('filters by queue and by attendant', async () => {
    const byQueue = await a.admin.api.get(`/api/reports/attendance?${RANGE}&queueId=${vendas}`);
    expect(byQueue.status, JSON.stringify(byQueue.body)).toBe(200);
    expect(byQueue.body).toMatchObject({
      firstResponse: { count: 3, p50Seconds: 60, p90Seconds: 300 },
      resolution: { count: 3, p50Seconds: 900, p90Seconds: 3600 },
      csat: { count: 2, average: 2.5 },
      byUser: [
        { userId: ana.id, tickets: 1, firstResponseP50Seconds: 60, resolutionP50Seconds: 600, csatAverage: 3 },
        { userId: bruno.id, tickets: 1, firstResponseP50Seconds: 30, resolutionP50Seconds: 3600, csatAverage: 2 },
      ],
    });
    expect(byQueue.body.byQueue.map((q: { queueId: number }) => q.queueId)).toEqual([vendas]);

    const byUser = await a.admin.api.get(`/api/reports/attendance?${RANGE}&userId=${ana.id}`);
    expect(byUser.body).toMatchObject({
      firstResponse: { count: 2, p50Seconds: 60, p90Seconds: 120 },
      resolution: { count: 3, p50Seconds: 1200, p90Seconds: 3600 },
      csat: { count: 3, average: 2.33 },
      byQueue: [
        { queueId: suporte, tickets: 2, firstResponseP50Seconds: 120, resolutionP50Seconds: 1200, csatAverage: 2 },
        { queueId: vendas, tickets: 1, firstResponseP50Seconds: 60, resolutionP50Seconds: 600, csatAverage: 3 },
      ],
    });
    expect(byUser.body.byUser.map((u: { userId: number }) => u.userId)).toEqual([ana.id]);
  });

  it('reads the days in the company zone: the same instants fall on other days in Tokyo', async () => {
    await setZone(a.companyId, 'Asia/Tokyo');
    try {
      // [2025-02-28T15:00Z, 2025-03-02T15:00Z): C1, C2, C3, C6 wrote in it; C1, C2, C3, C5, C6 closed.
      const res = await a.admin.api.get(`/api/reports/attendance?${RANGE}`);
      expect(res.body.firstResponse).toEqual({ count: 4, p50Seconds: 120, p90Seconds: 600 });
      expect(res.body.resolution.count).toBe(5);
    } finally {
      await setZone(a.companyId, 'America/Sao_Paulo');
    }
  });

  it('answers zeros and nulls for a range with nothing in it', async () => {
    const res = await a.admin.api.get('/api/reports/attendance?from=2020-01-01&to=2020-01-31');
    expect(res.body).toEqual({
      firstResponse: { count: 0, p50Seconds: null, p90Seconds: null },
      resolution: { count: 0, p50Seconds: null, p90Seconds: null },
      csat: { count: 0, average: null },
      byUser: [],
      byQueue: [],
    });
  });
});

describe('the moments the product stores', () => {
  it('a customer writes, a person answers, the ticket closes: first response and resolution from those messages', async () => {
    const c = await createTenant(t);
    await setZone(c.companyId, 'America/Sao_Paulo');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const conn = await insertConnection(t, c.companyId);
    const number = phone();
    const wrote = new Date(Date.now() - 120_000);
    // Two customer messages before anyone accepts (no cycle yet): the first one starts the clock.
    const { ticketId } = await inbound(t, conn, { number }, 'Olá', { timestamp: wrote });
    await inbound(t, conn, { number }, 'Alguém?', { timestamp: new Date(Date.now() - 60_000) });
    expect((await c.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    const sent = await c.admin.api.post(`/api/messages/${ticketId}`, { body: 'Bom dia!' });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    await c.admin.api.post(`/api/messages/${ticketId}`, { body: 'Como posso ajudar?' });

    // A ticket a person opened: the customer's reply (the inbound batch) starts the clock.
    const contact = await insertContact(t, c.companyId);
    const opened = await c.admin.api.post('/api/tickets', {
      contactId: contact.id,
      whatsappId: conn.id,
      status: 'open',
    });
    expect(opened.status, JSON.stringify(opened.body)).toBeLessThan(300);
    const answeredAt = new Date(Date.now() - 30_000);
    await inbound(t, conn, { number: contact.number }, 'Oi', { timestamp: answeredAt });
    expect((await c.admin.api.post(`/api/messages/${opened.body.id}`, { body: 'Pois não' })).status).toBe(201);

    expect((await c.admin.api.put(`/api/tickets/${ticketId}`, { status: 'closed' })).status).toBe(200);
    const [cycle] = await scoped(t, c.companyId, (tx) =>
      tx.select().from(ticketTracking).where(eq(ticketTracking.ticketId, ticketId)),
    );
    expect(Math.abs(cycle!.firstCustomerAt!.getTime() - wrote.getTime())).toBeLessThan(1000);
    const [other] = await scoped(t, c.companyId, (tx) =>
      tx.select().from(ticketTracking).where(eq(ticketTracking.ticketId, opened.body.id)),
    );
    expect(Math.abs(other!.firstCustomerAt!.getTime() - answeredAt.getTime())).toBeLessThan(1000);

    const res = await c.admin.api.get(`/api/reports/attendance?from=${today}&to=${today}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.firstResponse.count).toBe(2);
    // The first answer came about 120 s and 30 s after the customer's first message.
    expect(res.body.firstResponse.p90Seconds).toBeGreaterThanOrEqual(119);
    expect(res.body.firstResponse.p90Seconds).toBeLessThan(150);
    expect(res.body.resolution).toMatchObject({ count: 1 });
    expect(res.body.resolution.p50Seconds).toBeGreaterThanOrEqual(119);
    expect(res.body.byUser).toEqual([expect.objectContaining({ userId: c.admin.id, tickets: 1 })]);
  });
});

describe('GET /api/reports/attendance.csv', () => {
  it('answers the totals then a row per attendant and per queue, named after the range', async () => {
    const res = await a.admin.api.get(`/api/reports/attendance.csv?${RANGE}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="attendance_2025-03-01_2025-03-02.csv"');
    const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toEqual([
      'from;2025-03-01',
      'to;2025-03-02',
      '',
      'figure;count;p50Seconds;p90Seconds;average',
      'firstResponse;5;120;7200;',
      'resolution;5;1200;3600;',
      'csat;4;;;2.25',
      '',
      'kind;id;name;tickets;firstResponseP50Seconds;resolutionP50Seconds;csatAverage',
      `user;${ana.id};Ana Report;3;60;1200;2.33`,
      `user;${bruno.id};Bruno Report;1;300;3600;2`,
      `queue;${suporte};Suporte;2;120;1200;2`,
      `queue;${vendas};Vendas;3;60;900;2.5`,
      '',
    ]);
  });
});

describe('bad input, permission, other companies', () => {
  it('refuses a bad range or filter, naming the field, and writes nothing', async () => {
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const api = a.admin.api;
    expectInvalid(await api.get('/api/reports/attendance'), 'from');
    expectInvalid(await api.get('/api/reports/attendance?from=2025-03-01'), 'to');
    expectInvalid(await api.get('/api/reports/attendance?from=2025-02-30&to=2025-03-01'), 'from');
    expectInvalid(await api.get('/api/reports/attendance?from=2025-03-02&to=2025-03-01'), 'to');
    expectInvalid(await api.get('/api/reports/attendance?from=2024-01-01&to=2025-01-01'), 'to');
    expectInvalid(await api.get('/api/reports/attendance.csv?from=2025-03-02&to=2025-03-01'), 'to');
    expectInvalid(await api.get(`/api/reports/attendance?${RANGE}&queueId=abc`), 'queueId');
    // Another company's queue or user names none of this company's: 400 naming the field.
    expectInvalid(await api.get(`/api/reports/attendance?${RANGE}&queueId=${queueOfB}`), 'queueId');
    expectInvalid(await api.get(`/api/reports/attendance.csv?${RANGE}&userId=${b.admin.id}`), 'userId');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('needs dashboard:view: a user gets 403', async () => {
    expectNoPermission(await ana.api.get(`/api/reports/attendance?${RANGE}`));
    expectNoPermission(await ana.api.get(`/api/reports/attendance.csv?${RANGE}`));
  });

  it('shows the neighbour only its own figures', async () => {
    const res = await b.admin.api.get(`/api/reports/attendance?${RANGE}&companyId=${a.companyId}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.firstResponse.count).toBe(5);
    expect(res.body.byUser.map((u: { name: string }) => u.name)).toEqual(['Ana de B']);
    expect(res.body.byQueue.map((q: { name: string }) => q.name)).toEqual(['Fila de B']);
  });
});
