import { asc, inArray, sql } from 'drizzle-orm';
import type { AttendanceByUser, AttendanceReport, AttendanceReportQuery, DurationFigures } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { queues, users } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readPeriod, type Period } from '../dashboard/dashboard-period.js';
import { durationFigures, ratingFigures, type FigureRow } from './attendance-figures.js';
import { cyclesTouched, rollupFigures, spansOf } from './attendance-rollup.js';

/**
 * Up to this many first responses and resolutions in the parts the range touches, the figures
 * are read exactly from the cycles (the observed second); above, from the summary (the bucket's
 * key: the same on screen). A parameter so tests can force either path.
 */
export const EXACT_UP_TO = 50_000;

/**
 * `GET /reports/attendance` (definitions in the contracts' busy-day.ts): first response by the
 * day of the customer's first message, resolution by the close's day, ratings by the rating's
 * day, over the company's calendar days (dashboard-period.ts), each from the cycles' stored
 * moments and durations (`ticket_tracking`), never from the messages. A queue or user filter
 * naming none of the company's answers 400 naming the field, as ids in bodies do (own-rows.ts).
 */
export function readAttendance(ctx: Ctx, q: AttendanceReportQuery) {
  return ctx.tenant((tx) => attendanceOf(tx, ctx.actor.companyId, q));
}

export async function attendanceOf(
  tx: Tx,
  companyId: number,
  q: AttendanceReportQuery,
  exactUpTo = EXACT_UP_TO,
): Promise<AttendanceReport> {
  await ownRows(tx, queues, [q.queueId], 'queueId');
  await ownRows(tx, users, [q.userId], 'userId');
  const period = await readPeriod(tx, companyId, { from: q.from, to: q.to });
  const spans = spansOf(period);
  const { first, resolution, ratings } =
    (await cyclesTouched(tx, companyId, spans)) > exactUpTo
      ? await rollupFigures(tx, companyId, spans, q)
      : await exactFigures(tx, companyId, period, q);
  const total = (rows: FigureRow[]) => rows.find((r) => r.group === 'all');
  const rated = total(ratings);
  return {
    firstResponse: durations(total(first)),
    resolution: durations(total(resolution)),
    csat: { count: rated?.count ?? 0, average: rated?.average ?? null },
    byUser: (await namesOf(tx, users, idsOf('user', first, resolution, ratings))).map(({ id, name }) => ({
      userId: id,
      name,
      ...perGroup('user', id, first, resolution, ratings),
    })),
    byQueue: (await namesOf(tx, queues, idsOf('queue', first, resolution, ratings))).map(({ id, name }) => ({
      queueId: id,
      name,
      ...perGroup('queue', id, first, resolution, ratings),
    })),
  };
}

async function exactFigures(tx: Tx, companyId: number, period: Period, q: AttendanceReportQuery) {
  // Percentiles sort every duration of the range: in memory, not on disk.
  await tx.execute(sql`set local work_mem = '64MB'`);
  return {
    first: await durationFigures(tx, companyId, period, q, sql`first_customer_at`, sql`first_response_seconds`),
    resolution: await durationFigures(tx, companyId, period, q, sql`finished_at`, sql`resolution_seconds`),
    ratings: await ratingFigures(tx, companyId, period, q),
  };
}

const durations = (row: FigureRow | undefined): DurationFigures =>
  row && row.count > 0
    ? { count: row.count, p50Seconds: row.p50, p90Seconds: row.p90 }
    : { count: 0, p50Seconds: null, p90Seconds: null };

const idsOf = (group: FigureRow['group'], ...lists: FigureRow[][]) => [
  ...new Set(lists.flat().flatMap((r) => (r.group === group && r.id !== null ? [r.id] : []))),
];

/** One attendant's or queue's figures: `tickets` are its resolutions counted in the range. */
function perGroup(
  group: FigureRow['group'],
  id: number,
  first: FigureRow[],
  resolution: FigureRow[],
  ratings: FigureRow[],
): Omit<AttendanceByUser, 'userId' | 'name'> {
  const find = (rows: FigureRow[]) => rows.find((r) => r.group === group && r.id === id);
  return {
    tickets: find(resolution)?.count ?? 0,
    firstResponseP50Seconds: find(first)?.p50 ?? null,
    resolutionP50Seconds: find(resolution)?.p50 ?? null,
    csatAverage: find(ratings)?.average ?? null,
  };
}

/** The named rows (users or queues) of the company, by name. */
function namesOf(tx: Tx, table: typeof users | typeof queues, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(inArray(table.id, ids))
    .orderBy(asc(sql`lower(${table.name})`), asc(table.id));
}

wireMatches<Answer<typeof readAttendance>, AttendanceReport>(true);
