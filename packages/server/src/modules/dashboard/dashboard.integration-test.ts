import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission } from '../../../test/support/expect.js';
import { inbound, insertConnection, phone, scoped } from '../../../test/support/inbox.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { contacts, ticketTracking, tickets } from '../../db/schema/index.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

/**
 * The fixture: tickets and their attendance cycles at known instants around the January →
 * February 2025 month boundary, read in America/Sao_Paulo (UTC−3 all year since 2019). Times are
 * UTC; the comment gives the local time. The period asked below is 2025-01-31 .. 2025-02-01
 * (local), i.e. [2025-01-31T03:00Z, 2025-02-02T03:00Z).
 */
interface Cycle {
  user?: 'ana' | 'bruno';
  queued: string;
  started?: string;
  finished?: string;
  rating?: number;
}
interface FixtureTicket {
  name: string;
  status: 'open' | 'pending' | 'closed';
  user?: 'ana' | 'bruno';
  created: string;
  cycles: Cycle[];
}
const FIXTURE: FixtureTicket[] = [
  // Jan 31 09:00 local; wait 10, support 30, rating 3; reopened Feb 1 02:00 local (no wait), support 20.
  {
    name: 'T1',
    status: 'closed',
    user: 'ana',
    created: '2025-01-31T12:00:00Z',
    cycles: [
      {
        user: 'ana',
        queued: '2025-01-31T12:00:00Z',
        started: '2025-01-31T12:10:00Z',
        finished: '2025-01-31T12:40:00Z',
        rating: 3,
      },
      {
        user: 'ana',
        queued: '2025-02-01T05:00:00Z',
        started: '2025-02-01T05:00:00Z',
        finished: '2025-02-01T05:20:00Z',
      },
    ],
  },
  // Arrives Jan 31 23:50 local, accepted Feb 1 00:05 (wait 15), closed 01:05 (support 60), rating 1.
  {
    name: 'T2',
    status: 'closed',
    user: 'ana',
    created: '2025-02-01T02:50:00Z',
    cycles: [
      {
        user: 'ana',
        queued: '2025-02-01T02:50:00Z',
        started: '2025-02-01T03:05:00Z',
        finished: '2025-02-01T04:05:00Z',
        rating: 1,
      },
    ],
  },
  // Feb 1 10:00 local; wait 20, support 40, no rating.
  {
    name: 'T3',
    status: 'closed',
    user: 'bruno',
    created: '2025-02-01T13:00:00Z',
    cycles: [
      {
        user: 'bruno',
        queued: '2025-02-01T13:00:00Z',
        started: '2025-02-01T13:20:00Z',
        finished: '2025-02-01T14:00:00Z',
      },
    ],
  },
  // Jan 30 local all along (closed Jan 30 23:30 local, which is Jan 31 in UTC): outside the period.
  {
    name: 'T4',
    status: 'closed',
    user: 'bruno',
    created: '2025-01-30T20:00:00Z',
    cycles: [
      {
        user: 'bruno',
        queued: '2025-01-30T20:00:00Z',
        started: '2025-01-31T01:30:00Z',
        finished: '2025-01-31T02:30:00Z',
        rating: 2,
      },
    ],
  },
  // Feb 1 12:00 local, closed with no one accepting it: a closure, no support time, no attendant.
  {
    name: 'T5',
    status: 'closed',
    created: '2025-02-01T15:00:00Z',
    cycles: [{ queued: '2025-02-01T15:00:00Z', finished: '2025-02-01T16:00:00Z' }],
  },
  // Created open by Ana, Feb 1 15:00 local: no one waited (left out of the wait); support 30, rating 3.
  {
    name: 'T6',
    status: 'closed',
    user: 'ana',
    created: '2025-02-01T18:00:00Z',
    cycles: [
      {
        user: 'ana',
        queued: '2025-02-01T18:00:00Z',
        started: '2025-02-01T18:00:00Z',
        finished: '2025-02-01T18:30:00Z',
        rating: 3,
      },
    ],
  },
  // Pending now (arrived Feb 1 17:00 local through the pipeline: no cycle yet).
  { name: 'T7', status: 'pending', created: '2025-02-01T20:00:00Z', cycles: [] },
  // Open now: arrived Jan 31 07:00 local, accepted 07:30 (wait 30).
  {
    name: 'T8',
    status: 'open',
    user: 'ana',
    created: '2025-01-31T10:00:00Z',
    cycles: [{ user: 'ana', queued: '2025-01-31T10:00:00Z', started: '2025-01-31T10:30:00Z' }],
  },
  // Feb 1 22:00 local; wait 60; closed 23:59 local (Feb 2 in UTC): inside; support 59, rating 3.
  {
    name: 'T10',
    status: 'closed',
    user: 'bruno',
    created: '2025-02-02T01:00:00Z',
    cycles: [
      {
        user: 'bruno',
        queued: '2025-02-02T01:00:00Z',
        started: '2025-02-02T02:00:00Z',
        finished: '2025-02-02T02:59:00Z',
        rating: 3,
      },
    ],
  },
  // Feb 1 23:00 local, accepted 23:30 (wait 30, inside), closed at Feb 2 00:00 local: outside.
  {
    name: 'T11',
    status: 'closed',
    user: 'bruno',
    created: '2025-02-02T02:00:00Z',
    cycles: [
      {
        user: 'bruno',
        queued: '2025-02-02T02:00:00Z',
        started: '2025-02-02T02:30:00Z',
        finished: '2025-02-02T03:00:00Z',
        rating: 1,
      },
    ],
  },
];
/** Contacts by creation: Jan 30 23:30, Jan 31 00:30, Jan 31 23:59, Feb 1 00:00, Feb 2 09:00 local. */
const LEADS = [
  '2025-01-31T02:30:00Z',
  '2025-01-31T03:30:00Z',
  '2025-02-01T02:59:00Z',
  '2025-02-01T03:00:00Z',
  '2025-02-02T12:00:00Z',
];

const PERIOD = 'date_from=2025-01-31&date_to=2025-02-01';
const CHART = 'initialDate=2025-01-31&finalDate=2025-02-01';

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;
let bruno: Staff;
let carla: Staff;
const sockets: Socket[] = [];

/** Writes the fixture in `companyId`, the cycles' users mapped to that company's staff. */
async function seed(companyId: number, staff: Record<'ana' | 'bruno', number>) {
  await scoped(t, companyId, async (tx) => {
    const [old] = await tx
      .insert(contacts)
      .values({ companyId, name: 'Cliente antigo', number: phone(), createdAt: new Date('2024-06-01T12:00:00Z') })
      .returning();
    await tx
      .insert(contacts)
      .values(LEADS.map((at, i) => ({ companyId, name: `Lead ${i}`, number: phone(), createdAt: new Date(at) })));
    for (const f of FIXTURE) {
      const [ticket] = await tx
        .insert(tickets)
        .values({
          companyId,
          contactId: old!.id,
          status: f.status,
          userId: f.user ? staff[f.user] : null,
          lastMessage: f.name,
          createdAt: new Date(f.created),
          updatedAt: new Date(f.created),
        })
        .returning();
      for (const c of f.cycles) {
        await tx.insert(ticketTracking).values({
          companyId,
          ticketId: ticket!.id,
          userId: c.user ? staff[c.user] : null,
          queuedAt: new Date(c.queued),
          startedAt: c.started ? new Date(c.started) : null,
          finishedAt: c.finished ? new Date(c.finished) : null,
          rating: c.rating ?? null,
          ratedAt: c.rating ? new Date(c.finished!) : null,
        });
      }
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
  ana = await createStaff(t, a, { name: 'Ana Dash' });
  bruno = await createStaff(t, a, { name: 'Bruno Dash' });
  carla = await createStaff(t, a, { name: 'Carla Dash' });
  const anaB = await createStaff(t, b, { name: 'Ana de B' });
  const brunoB = await createStaff(t, b, { name: 'Bruno de B' });
  await setZone(a.companyId, 'America/Sao_Paulo');
  await setZone(b.companyId, 'America/Sao_Paulo');
  await seed(a.companyId, { ana: ana.id, bruno: bruno.id });
  // The neighbour holds the same tickets twice over: none of it may reach company a's figures.
  await seed(b.companyId, { ana: anaB.id, bruno: brunoB.id });
  await seed(b.companyId, { ana: anaB.id, bruno: brunoB.id });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.stop();
});

describe('GET /api/dashboard', () => {
  it('computes the counters and the attendants over the period, in the company time zone', async () => {
    const res = await a.admin.api.get(`/api/dashboard?${PERIOD}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.period).toEqual({ from: '2025-01-31', to: '2025-02-01' });
    expect(res.body.counters).toEqual({
      supportHappening: 1, // T8
      supportPending: 1, // T7
      supportFinished: 7, // T1 (twice), T2, T3, T5, T6, T10
      leads: 3, // Jan 31 00:30, Jan 31 23:59, Feb 1 00:00
      avgSupportTime: 39.8, // (30 + 20 + 60 + 40 + 30 + 59) / 6
      avgWaitTime: 27.5, // (10 + 15 + 20 + 30 + 60 + 30) / 6: T1, T2, T3, T8, T10, T11
    });
    const byId = new Map(res.body.attendants.map((x: { id: number }) => [x.id, x]));
    expect(byId.get(ana.id)).toEqual({
      id: ana.id,
      name: 'Ana Dash',
      rating: 2.33,
      avgSupportTime: 35,
      online: false,
      presence: 'offline',
    });
    expect(byId.get(bruno.id)).toEqual({
      id: bruno.id,
      name: 'Bruno Dash',
      rating: 3,
      avgSupportTime: 49.5,
      online: false,
      presence: 'offline',
    });
    expect(byId.get(carla.id)).toEqual({
      id: carla.id,
      name: 'Carla Dash',
      rating: null,
      avgSupportTime: null,
      online: false,
      presence: 'offline',
    });
    // Every user of the company (the admin too), no one else's.
    expect(res.body.attendants.map((x: { id: number }) => x.id).sort()).toEqual(
      [a.admin.id, ana.id, bruno.id, carla.id].sort(),
    );
  });

  it('reads the days in the company zone: the same instants fall on other days in Tokyo', async () => {
    await setZone(a.companyId, 'Asia/Tokyo');
    try {
      // [2025-01-30T15:00Z, 2025-02-01T15:00Z): T1 (twice), T2, T3 and T4 closed in it.
      const res = await a.admin.api.get(`/api/dashboard?${PERIOD}`);
      expect(res.body.counters).toMatchObject({ supportFinished: 5, leads: 4 });
      const day = await a.admin.api.get(`/api/dashboard/ticketsDay?${CHART}`);
      expect(day.body).toEqual({
        data: [
          { data: '2025-01-31', total: 3 }, // T1, T4, T8
          { data: '2025-02-01', total: 2 }, // T2, T3
        ],
        count: 5,
      });
    } finally {
      await setZone(a.companyId, 'America/Sao_Paulo');
    }
  });

  it('shows who is online from presence (a connected tab)', async () => {
    sockets.push(await connectSocket(t.url, ana.token));
    const online = await eventually(async () => {
      const res = await a.admin.api.get(`/api/dashboard?${PERIOD}`);
      const who = res.body.attendants.filter((x: { online: boolean }) => x.online).map((x: { id: number }) => x.id);
      return who.includes(ana.id) ? who : undefined;
    });
    expect(online).toEqual([ana.id]);
  });

  it('with days: today and the days before, in the company zone; a ticket worked through the API counts', async () => {
    const c = await createTenant(t);
    await setZone(c.companyId, 'America/Sao_Paulo');
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    const dayBefore = (n: number) =>
      new Date(Date.parse(`${today}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const midnight = (day: string) => new Date(`${day}T00:00:00-03:00`);
    // Closed at the first instant of the 3-day period, and one millisecond before it.
    await scoped(t, c.companyId, async (tx) => {
      const [contact] = await tx
        .insert(contacts)
        .values({ companyId: c.companyId, name: 'X', number: phone() })
        .returning();
      for (const finished of [midnight(dayBefore(2)), new Date(midnight(dayBefore(2)).getTime() - 1)]) {
        const [tk] = await tx
          .insert(tickets)
          .values({ companyId: c.companyId, contactId: contact!.id, status: 'closed', createdAt: finished })
          .returning();
        await tx.insert(ticketTracking).values({
          companyId: c.companyId,
          ticketId: tk!.id,
          userId: c.admin.id,
          queuedAt: new Date(finished.getTime() - 20 * 60_000),
          startedAt: new Date(finished.getTime() - 20 * 60_000),
          finishedAt: finished,
        });
      }
    });
    // A customer writes, the admin accepts and closes: the tracking rows the product writes.
    const conn = await insertConnection(t, c.companyId);
    const { ticketId } = await inbound(t, conn, { number: phone() }, 'Olá');
    expect((await c.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    expect((await c.admin.api.put(`/api/tickets/${ticketId}`, { status: 'closed' })).status).toBe(200);

    const three = await c.admin.api.get('/api/dashboard?days=3');
    expect(three.status, JSON.stringify(three.body)).toBe(200);
    expect(three.body.period).toEqual({ from: dayBefore(2), to: today });
    expect(three.body.counters).toMatchObject({ supportFinished: 2, supportHappening: 0, supportPending: 0, leads: 2 });
    expect(three.body.counters.avgWaitTime).toBeGreaterThanOrEqual(0);
    const seven = await c.admin.api.get('/api/dashboard?days=7');
    expect(seven.body.period).toEqual({ from: dayBefore(6), to: today });
    expect(seven.body.counters.supportFinished).toBe(3);
    const [admin] = seven.body.attendants;
    expect(admin).toMatchObject({ id: c.admin.id, rating: null });
  });
});

describe('GET /api/dashboard/ticketsUsers and /ticketsDay', () => {
  it('counts each attendant closures in the range, most first', async () => {
    const res = await a.admin.api.get(`/api/dashboard/ticketsUsers?${CHART}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: [
        { nome: 'Ana Dash', quantidade: 4 }, // T1 twice, T2, T6
        { nome: 'Bruno Dash', quantidade: 2 }, // T3, T10
      ],
      count: 6,
    });
  });

  it('counts the tickets that arrived per local day, every day of the range listed', async () => {
    const res = await a.admin.api.get('/api/dashboard/ticketsDay?initialDate=2025-01-29&finalDate=2025-02-01');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      data: [
        { data: '2025-01-29', total: 0 },
        { data: '2025-01-30', total: 1 }, // T4
        { data: '2025-01-31', total: 3 }, // T1, T2 (23:50), T8
        { data: '2025-02-01', total: 6 }, // T3, T5, T6, T7, T10 (22:00), T11 (23:00)
      ],
      count: 10,
    });
  });

  it('counts per local hour when the range is one day', async () => {
    const res = await a.admin.api.get('/api/dashboard/ticketsDay?initialDate=2025-02-01&finalDate=2025-02-01');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toHaveLength(24);
    expect(res.body.data[0]).toEqual({ horario: '00:00', total: 0 });
    expect(res.body.data.filter((r: { total: number }) => r.total > 0)).toEqual([
      { horario: '10:00', total: 1 },
      { horario: '12:00', total: 1 },
      { horario: '15:00', total: 1 },
      { horario: '17:00', total: 1 },
      { horario: '22:00', total: 1 },
      { horario: '23:00', total: 1 },
    ]);
    expect(res.body.count).toBe(6);
  });
});

describe('GET /api/dashboard/export', () => {
  it('answers the counters then the attendants as a CSV file named after the period', async () => {
    const res = await a.admin.api.get(`/api/dashboard/export?${PERIOD}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="dashboard_2025-01-31_2025-02-01.csv"');
    const lines = (res.body as string).replace(/^\uFEFF/, '').split('\r\n');
    expect(lines.slice(0, 12)).toEqual([
      'from;2025-01-31',
      'to;2025-02-01',
      '',
      'counter;value',
      'supportHappening;1',
      'supportPending;1',
      'supportFinished;7',
      'leads;3',
      'avgSupportTime;39.8',
      'avgWaitTime;27.5',
      '',
      'id;name;rating;avgSupportTime;online',
    ]);
    const rows = lines.slice(12, -1);
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.startsWith(`${ana.id};`))).toMatch(/^\d+;Ana Dash;2\.33;35;(true|false)$/);
    expect(rows).toContain(`${bruno.id};Bruno Dash;3;49.5;false`);
    expect(rows).toContain(`${carla.id};Carla Dash;;;false`);
    expect(lines.at(-1)).toBe('');
  });
});

describe('bad input, permission, other companies', () => {
  it('refuses a missing or malformed filter, naming the field, and writes nothing', async () => {
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const api = a.admin.api;
    expectInvalid(await api.get('/api/dashboard'), 'days');
    expectInvalid(await api.get('/api/dashboard/export'), 'days');
    expectInvalid(await api.get('/api/dashboard?days=5'), 'days');
    expectInvalid(await api.get('/api/dashboard?days=7.0'), 'days');
    expectInvalid(await api.get('/api/dashboard?date_from=2025-02-30&date_to=2025-03-01'), 'date_from');
    expectInvalid(await api.get('/api/dashboard?date_from=2025-01-31'), 'date_to');
    expectInvalid(await api.get('/api/dashboard?date_from=2025-02-01&date_to=2025-01-31'), 'date_to');
    expectInvalid(await api.get('/api/dashboard?date_from=2024-01-01&date_to=2025-01-01'), 'date_to');
    expectInvalid(await api.get('/api/dashboard/ticketsUsers?initialDate=2025-01-31'), 'finalDate');
    expectInvalid(
      await api.get('/api/dashboard/ticketsDay?initialDate=31/01/2025&finalDate=2025-02-01'),
      'initialDate',
    );
    expectInvalid(await api.get('/api/dashboard/ticketsDay?initialDate=2025-02-02&finalDate=2025-02-01'), 'finalDate');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });

  it('is the admins: a user gets 403 on every call', async () => {
    expectNoPermission(await ana.api.get(`/api/dashboard?${PERIOD}`));
    expectNoPermission(await ana.api.get(`/api/dashboard/export?${PERIOD}`));
    expectNoPermission(await ana.api.get(`/api/dashboard/ticketsUsers?${CHART}`));
    expectNoPermission(await ana.api.get(`/api/dashboard/ticketsDay?${CHART}`));
  });

  it('shows the neighbour only its own figures, whatever companyId the query names', async () => {
    const res = await b.admin.api.get(`/api/dashboard?${PERIOD}`);
    expect(res.body.counters).toMatchObject({ supportHappening: 2, supportPending: 2, supportFinished: 14, leads: 6 });
    expect(res.body.attendants.map((x: { name: string }) => x.name)).not.toContain('Ana Dash');
    const users = await b.admin.api.get(`/api/dashboard/ticketsUsers?${CHART}&companyId=${a.companyId}`);
    expect(users.body.data).toEqual([
      { nome: 'Ana de B', quantidade: 8 },
      { nome: 'Bruno de B', quantidade: 4 },
    ]);
  });

  it('answers zeros and nulls for a company with nothing in the period', async () => {
    const res = await a.admin.api.get('/api/dashboard?date_from=2020-01-01&date_to=2020-01-31');
    expect(res.body.counters).toEqual({
      supportHappening: 1,
      supportPending: 1,
      supportFinished: 0,
      leads: 0,
      avgSupportTime: null,
      avgWaitTime: null,
    });
    const users = await a.admin.api.get('/api/dashboard/ticketsUsers?initialDate=2020-01-01&finalDate=2020-01-31');
    expect(users.body).toEqual({ data: [], count: 0 });
  });
});
