import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import type { AttendanceReportQuery } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { insertQueue, phone, scoped } from '../../../test/support/inbox.js';
import { contacts, ticketTracking, tickets } from '../../db/schema/index.js';
import { attendanceOf } from './read-attendance.js';
import { foldAttendance } from '../../automation/reports/fold-attendance.js';

/**
 * The summary path (attendance_rollup: the trigger's deltas, the fold, the raw ends) against the
 * exact one (percentile_disc over the cycles), through the use case on a tenant connection (the
 * app's role, under RLS), with the threshold forced each way.
 */
let t: TestApp;
let a: Tenant;
let b: Tenant;
let staff: number[];
let queueIds: number[];
let contactA: number;

const EXACT = Number.POSITIVE_INFINITY;
const SUMMARY = -1;

const report = (companyId: number, q: AttendanceReportQuery, exactUpTo: number) =>
  scoped(t, companyId, (tx) => attendanceOf(tx, companyId, q, exactUpTo));

/** A seeded pseudo-random sequence, so a failure shows the same set again. */
function random(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

interface CycleSpec {
  user: number | null;
  queue: number | null;
  customer: Date;
  response?: number;
  finished?: number;
  rating?: number;
}

async function insertCycles(companyId: number, contactId: number, cycles: CycleSpec[]) {
  return scoped(t, companyId, async (tx) => {
    const ids: number[] = [];
    for (const c of cycles) {
      const finishedAt = c.finished !== undefined ? new Date(c.customer.getTime() + c.finished * 1000) : null;
      const [ticket] = await tx
        .insert(tickets)
        .values({ companyId, contactId, status: finishedAt ? 'closed' : 'open', userId: c.user, queueId: c.queue })
        .returning({ id: tickets.id });
      const [row] = await tx
        .insert(ticketTracking)
        .values({
          companyId,
          ticketId: ticket!.id,
          userId: c.user,
          queueId: c.queue,
          firstCustomerAt: c.customer,
          firstResponseAt: c.response !== undefined ? new Date(c.customer.getTime() + c.response * 1000) : null,
          finishedAt,
          rating: c.rating ?? null,
          ratedAt: c.rating !== undefined ? finishedAt : null,
        })
        .returning({ id: ticketTracking.id });
      ids.push(row!.id);
    }
    return ids;
  });
}

/**
 * Cycles between 2025-01-20 and 2025-05-10 (UTC), every duration a whole second under a minute
 * or a whole minute above (the buckets' keys: the summary then answers the exact figures),
 * many at the zone's day edges (America/Sao_Paulo, UTC−3: local midnight is 03:00 UTC).
 */
function wholeMinuteCycles(n: number, seed: number): CycleSpec[] {
  const r = random(seed);
  const start = Date.UTC(2025, 0, 20);
  const span = Date.UTC(2025, 4, 10) - start;
  const duration = () => (r() < 0.3 ? 1 + Math.floor(r() * 59) : 60 * (1 + Math.floor(r() * 150)));
  return Array.from({ length: n }, (_, i) => {
    // A third land within minutes of a local midnight (03:00 UTC).
    const day = Math.floor((r() * span) / 86_400_000);
    const at =
      i % 3 === 0
        ? start + day * 86_400_000 + 3 * 3_600_000 + Math.floor((r() - 0.5) * 600) * 1000
        : start + Math.floor((r() * span) / 1000) * 1000;
    const response = r() < 0.9 ? duration() : undefined;
    const finished = r() < 0.8 ? duration() : undefined;
    return {
      user: r() < 0.1 ? null : staff[Math.floor(r() * staff.length)]!,
      queue: r() < 0.1 ? null : queueIds[Math.floor(r() * queueIds.length)]!,
      customer: new Date(at),
      response,
      finished,
      rating: finished !== undefined && r() < 0.5 ? 1 + Math.floor(r() * 3) : undefined,
    };
  });
}

const RANGES: AttendanceReportQuery[] = [
  // Parts and a whole month (March), raw ends on both sides.
  { from: '2025-02-05', to: '2025-04-17' },
  // Exactly whole UTC months in the zone's days: the ends are the zone's 3 hours.
  { from: '2025-03-01', to: '2025-03-31' },
  // A whole quarter (2025's first) and April's parts.
  { from: '2024-12-20', to: '2025-04-17' },
  // Shorter than a part: all raw.
  { from: '2025-04-09', to: '2025-04-12' },
  // The whole set.
  { from: '2025-01-01', to: '2025-06-30' },
];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 20 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  staff = [];
  for (const name of ['Ana Rollup', 'Bruno Rollup', 'Carla Rollup']) staff.push((await createStaff(t, a, { name })).id);
  queueIds = [
    (await insertQueue(t, a.companyId, { name: 'Vendas' })).id,
    (await insertQueue(t, a.companyId, { name: 'Suporte' })).id,
  ];
  for (const id of [a.companyId, b.companyId])
    await t.running.deps.pools.owner.query(`update companies set timezone = 'America/Sao_Paulo' where id = $1`, [id]);
  const contactOf = async (companyId: number) =>
    (
      await scoped(t, companyId, (tx) =>
        tx.insert(contacts).values({ companyId, name: 'Cliente', number: phone() }).returning({ id: contacts.id }),
      )
    )[0]!.id;
  contactA = await contactOf(a.companyId);
  await insertCycles(a.companyId, contactA, wholeMinuteCycles(600, 36));
  // The neighbour's cycles (no user, no queue of a's) must not reach a's figures.
  await insertCycles(
    b.companyId,
    await contactOf(b.companyId),
    wholeMinuteCycles(200, 7).map((c) => ({ ...c, user: null, queue: null })),
  );
}, 120_000);
afterAll(async () => {
  await t.stop();
});

const queries = (range: AttendanceReportQuery): AttendanceReportQuery[] => [
  range,
  { ...range, queueId: queueIds[0] },
  { ...range, userId: staff[1] },
  { ...range, queueId: queueIds[1], userId: staff[2] },
];

async function expectSummaryMatchesExact() {
  for (const range of RANGES)
    for (const q of queries(range)) {
      const exact = await report(a.companyId, q, EXACT);
      expect(exact.firstResponse.count + exact.resolution.count, JSON.stringify(q)).toBeGreaterThan(0);
      expect(await report(a.companyId, q, SUMMARY), JSON.stringify(q)).toEqual(exact);
    }
}

describe('the attendance summary', () => {
  it('answers what the exact path answers, from the deltas before a fold and from the summary after', async () => {
    await expectSummaryMatchesExact();
    expect(await foldAttendance(t.running.deps)).toBeGreaterThanOrEqual(0);
    const { rows } = await t.running.deps.pools.owner.query(
      `select count(*)::int as n from attendance_deltas where company_id = $1`,
      [a.companyId],
    );
    expect(rows[0].n).toBe(0);
    await expectSummaryMatchesExact();
  });

  it('moves the counts when a cycle is transferred, re-rated, reopened, closed again and deleted', async () => {
    const [id] = await insertCycles(a.companyId, contactA, [
      {
        user: staff[0]!,
        queue: queueIds[0]!,
        customer: new Date('2025-03-12T15:00:00Z'),
        response: 120,
        finished: 600,
        rating: 1,
      },
    ]);
    const range = { from: '2025-03-12', to: '2025-03-12' };
    const both = async () => {
      const exact = await report(a.companyId, range, EXACT);
      expect(await report(a.companyId, range, SUMMARY)).toEqual(exact);
      return exact;
    };
    const row = (r: Awaited<ReturnType<typeof both>>, userId: number) => r.byUser.find((u) => u.userId === userId);
    const before = await both();
    await foldAttendance(t.running.deps);
    const update = (patch: Partial<typeof ticketTracking.$inferInsert>) =>
      scoped(t, a.companyId, (tx) =>
        tx
          .update(ticketTracking)
          .set(patch)
          .where(and(eq(ticketTracking.id, id!), eq(ticketTracking.companyId, a.companyId))),
      );

    // A transfer: the cycle now counts for Bruno in Suporte, not for Ana in Vendas.
    await update({ userId: staff[1]!, queueId: queueIds[1]! });
    const moved = await both();
    expect(moved.firstResponse.count).toBe(before.firstResponse.count);
    expect(row(moved, staff[0]!)?.tickets ?? 0).toBe((row(before, staff[0]!)?.tickets ?? 0) - 1);
    expect(row(moved, staff[1]!)?.tickets ?? 0).toBe((row(before, staff[1]!)?.tickets ?? 0) + 1);

    // A new rating: the count stays, the average moves.
    await update({ rating: 3 });
    const rerated = await both();
    expect(rerated.csat.count).toBe(before.csat.count);
    expect(rerated.csat.average).not.toBe(moved.csat.average);

    // A reopen (no close, no rating yet): the resolution and the rating leave the range.
    await update({ finishedAt: null, rating: null, ratedAt: null });
    const reopened = await both();
    expect(reopened.resolution.count).toBe(before.resolution.count - 1);
    expect(reopened.csat.count).toBe(before.csat.count - 1);

    // Closed again the next week: the resolution counts on that day, not on this one.
    await update({ finishedAt: new Date('2025-03-20T15:00:00Z') });
    expect((await both()).resolution.count).toBe(before.resolution.count - 1);
    const later = { from: '2025-03-20', to: '2025-03-20' };
    expect(await report(a.companyId, later, SUMMARY)).toEqual(await report(a.companyId, later, EXACT));

    await foldAttendance(t.running.deps);
    await scoped(t, a.companyId, (tx) => tx.delete(ticketTracking).where(eq(ticketTracking.id, id!)));
    const deleted = await both();
    expect(deleted.firstResponse.count).toBe(before.firstResponse.count - 1);
    await expectSummaryMatchesExact();
  });

  it('loses and doubles nothing when folds run alongside writers and each other, and a second fold changes nothing', async () => {
    const writers = Array.from({ length: 4 }, (_, w) =>
      (async () => {
        for (let i = 0; i < 10; i++) await insertCycles(a.companyId, contactA, wholeMinuteCycles(5, 100 + w * 10 + i));
      })(),
    );
    const folds = Array.from({ length: 3 }, () =>
      (async () => {
        for (let i = 0; i < 8; i++) await foldAttendance(t.running.deps, 7);
      })(),
    );
    await Promise.all([...writers, ...folds]);
    await foldAttendance(t.running.deps);
    const summary = () =>
      t.running.deps.pools.owner.query(
        `select metric, level, dims, g1, period::text, g2, bucket, count from attendance_rollup
          where company_id = $1 and count <> 0 order by 1, 2, 3, 4, 5, 6, 7`,
        [a.companyId],
      );
    const once = (await summary()).rows;
    expect(await foldAttendance(t.running.deps)).toBe(0);
    expect((await summary()).rows).toEqual(once);
    // The summary's company totals per part are the cycles', counted from scratch.
    const { rows: mismatches } = await t.running.deps.pools.owner.query(
      `with truth as (
         select c.metric, c.period, c.bucket, count(*)::int as n
           from ticket_tracking t cross join lateral attendance_cells(t) c where t.company_id = $1 group by 1, 2, 3),
       kept as (
         select metric, period, bucket, count as n from attendance_rollup
          where company_id = $1 and level = 0 and dims = 0 and count <> 0)
       select * from truth full join kept using (metric, period, bucket)
        where truth.n is distinct from kept.n`,
      [a.companyId],
    );
    expect(mismatches).toEqual([]);
    await expectSummaryMatchesExact();
  });

  it('reads the zone’s days at the range’s ends from the cycles', async () => {
    // Local 2025-04-30 23:50 and 2025-05-01 00:10 (UTC 02:50 and 03:10 on May 1st): one each side.
    const ids = await insertCycles(a.companyId, contactA, [
      { user: staff[0]!, queue: queueIds[0]!, customer: new Date('2025-05-01T02:50:00Z'), response: 30 },
      { user: staff[0]!, queue: queueIds[0]!, customer: new Date('2025-05-01T03:10:00Z'), response: 45 },
    ]);
    await foldAttendance(t.running.deps);
    const april = { from: '2025-04-01', to: '2025-04-30' };
    const may = { from: '2025-05-01', to: '2025-05-31' };
    for (const q of [april, may])
      expect(await report(a.companyId, q, SUMMARY)).toEqual(await report(a.companyId, q, EXACT));
    const one = async (q: AttendanceReportQuery) =>
      (await report(a.companyId, { ...q, userId: staff[0]! }, SUMMARY)).firstResponse.count;
    const [aprilBefore, mayBefore] = [await one(april), await one(may)];
    await scoped(t, a.companyId, (tx) =>
      tx.delete(ticketTracking).where(sql`${ticketTracking.id} in (${ids[0]!}, ${ids[1]!})`),
    );
    expect(await one(april)).toBe(aprilBefore - 1);
    expect(await one(may)).toBe(mayBefore - 1);
  });
});
