import { sql, type SQL } from 'drizzle-orm';
import type { AttendanceReportQuery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Period } from '../dashboard/dashboard-period.js';
import type { FigureRow } from './attendance-figures.js';
import { rollupSpans, type RollupSpans } from './rollup-spans.js';

/**
 * The report's figures from the summary (`attendance_rollup`, kept by the trigger's deltas and
 * the fold, migration 0044): histograms per UTC period and group, summed over the range's whole
 * quarters, months and 7-day parts, plus the deltas not folded yet, plus the cycles of the
 * range's ends read from the raw indexes (hashed into the same buckets, no sort), so any zone
 * and any range is exact to the day. A percentile is the bucket's key where the cumulative count first
 * reaches that share (as `percentile_disc` over the keys): the second under a minute, the
 * whole minute above, what the page prints. Ratings are exact (the bucket is the rating).
 */
export const spansOf = (p: Period) => rollupSpans(new Date(p.lo), new Date(p.hi));

const dates = (list: string[]) => sql`${`{${list.join(',')}}`}::date[]`;

/** First responses and resolutions the parts the range touches hold: whether the exact path is cheap. */
export async function cyclesTouched(tx: Tx, companyId: number, s: RollupSpans): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    select coalesce(sum(n), 0)::int as n from (
      select count as n from attendance_rollup
       where company_id = ${companyId} and metric in (1, 2) and level = 0 and dims = 0 and g1 = 0
         and period = any(${dates(s.touched)})
      union all
      select n from attendance_deltas where company_id = ${companyId} and metric in (1, 2) and period = any(${dates(s.touched)})
    ) x`);
  return rows[0]!.n;
}

/** What a metric reads from the cycles in one raw range (the report's conditions, attendance-figures.ts). */
const RAW: Array<{ metric: number; at: SQL; bucket: SQL; present: SQL }> = [
  {
    metric: 1,
    at: sql`first_customer_at`,
    bucket: sql`attendance_bucket(first_response_seconds)`,
    present: sql`first_response_seconds is not null`,
  },
  {
    metric: 2,
    at: sql`finished_at`,
    bucket: sql`attendance_bucket(resolution_seconds)`,
    present: sql`resolution_seconds is not null`,
  },
  { metric: 3, at: sql`rated_at`, bucket: sql`rating`, present: sql`rating is not null` },
];

export async function rollupFigures(tx: Tx, companyId: number, s: RollupSpans, q: AttendanceReportQuery) {
  // The summary's rows read (groups `dims` within `g1`, `g2` when an attendant is asked within a
  // queue) and the report's groups (grp, id) each counts for: unfiltered, the company's totals,
  // per user and per queue; a queue's users, its totals from the per-queue rows (a queue holds
  // many users: not summed again); an attendant's queues and totals; both, that one cell.
  const u = q.userId;
  const views: Array<{ dims: number[]; g1: number; g2?: number; as: SQL }> =
    q.queueId !== undefined && u === undefined
      ? [
          { dims: [3], g1: q.queueId, as: sql`(select 'user', r.g2) x(grp, id)` },
          { dims: [2], g1: 0, g2: q.queueId, as: sql`(values ('queue', r.g2), ('all', 0)) x(grp, id)` },
        ]
      : q.queueId !== undefined
        ? [
            {
              dims: [3],
              g1: q.queueId,
              g2: u,
              as: sql`(values ('user', r.g2), ('all', 0), ('queue', r.g1)) x(grp, id)`,
            },
          ]
        : u !== undefined
          ? [{ dims: [4], g1: u, as: sql`(values ('queue', r.g2), ('all', 0), ('user', r.g1)) x(grp, id)` }]
          : [
              {
                dims: [0, 1, 2],
                g1: 0,
                as: sql`(select (array['all', 'user', 'queue'])[r.dims + 1], r.g2) x(grp, id)`,
              },
            ];
  // The cells read from the deltas and the cycles, narrowed as the filters ask.
  const narrow = sql`${q.queueId !== undefined ? sql`and queue_id = ${q.queueId}` : sql``} ${
    q.userId !== undefined ? sql`and user_id = ${q.userId}` : sql``
  }`;
  const summary = (level: number, periods: string[]) =>
    periods.length === 0
      ? []
      : views.map(
          (v) => sql`union all
        select r.metric, x.grp, x.id, r.bucket, r.count from attendance_rollup r cross join lateral ${v.as}
         where r.company_id = ${companyId} and r.metric in (1, 2, 3) and r.level = ${level}
           and r.dims = any(${sql`${`{${v.dims.join(',')}}`}::smallint[]`}) and r.g1 = ${v.g1}
           and r.period = any(${dates(periods)}) ${v.g2 !== undefined ? sql`and r.g2 = ${v.g2}` : sql``}`,
        );
  const raw = s.raw.flatMap(([lo, hi]) =>
    RAW.map(
      (m) => sql`union all
        select ${m.metric}::smallint, coalesce(user_id, 0), coalesce(queue_id, 0), ${m.bucket}, 1
          from ticket_tracking
         where company_id = ${companyId} and ${m.at} >= ${lo.toISOString()}::timestamptz
           and ${m.at} < ${hi.toISOString()}::timestamptz and ${m.present} ${narrow}`,
    ),
  );
  const { rows } = await tx.execute<FigureRow & { metric: number }>(sql`
    with cells as (
      select metric, user_id, queue_id, bucket, n from attendance_deltas
       where company_id = ${companyId} and period = any(${dates(s.covered)}) ${narrow}
      ${sql.join(raw, sql` `)}),
    src as (
      -- One hashed pass: the cells' totals, per user and per queue.
      select metric,
             case when grouping(user_id) = 0 then 'user' when grouping(queue_id) = 0 then 'queue' else 'all' end as grp,
             coalesce(user_id, queue_id, 0) as id, bucket, sum(n) as n
        from cells group by metric, bucket, grouping sets ((), (user_id), (queue_id))
      ${sql.join([...summary(2, s.quarters), ...summary(1, s.months), ...summary(0, s.parts)], sql` `)}),
    h as (
      select metric, grp, id, bucket, sum(n) as n from src group by 1, 2, 3, 4 having sum(n) <> 0),
    c as (
      select *, sum(n) over (partition by metric, grp, id order by bucket) as cum,
             sum(n) over (partition by metric, grp, id) as total
        from h)
    select metric, grp as "group", nullif(id, 0) as id, max(total)::int as count,
           min(bucket) filter (where cum >= ceil(0.5 * total)) as p50,
           min(bucket) filter (where cum >= ceil(0.9 * total)) as p90,
           round(sum(bucket * n)::numeric / max(total), 2)::float8 as average
      from c group by metric, grp, id`);
  const of = (metric: number): FigureRow[] =>
    rows
      .filter((r) => r.metric === metric)
      .map(({ group, id, count, p50, p90, average }) =>
        metric === 3
          ? { group, id, count, p50: null, p90: null, average }
          : { group, id, count, p50, p90, average: null },
      );
  return { first: of(1), resolution: of(2), ratings: of(3) };
}
