import { sql, type SQL } from 'drizzle-orm';
import type { AttendanceReportQuery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { within, type Period } from '../dashboard/dashboard-period.js';

/** One figure per group: the whole range (`all`), each attendant (`user`), each queue (`queue`). */
export type FigureRow = {
  group: 'all' | 'user' | 'queue';
  /** The user's or queue's id (null: none, or the `all` row). */
  id: number | null;
  count: number;
  p50: number | null;
  p90: number | null;
  average: number | null;
};

/**
 * A duration of `ticket_tracking` (generated whole seconds) over the cycles whose `at` falls in
 * the period, filtered by the cycle's queue and user: its count and percentiles (an observed
 * value, `percentile_disc`) in total, per attendant and per queue, in one pass over the
 * company's index on `at` (the cycle's user, queue and duration carried in it: index-only).
 */
export function durationFigures(tx: Tx, companyId: number, p: Period, q: AttendanceReportQuery, at: SQL, seconds: SQL) {
  return grouped(
    tx,
    sql`count(*)::int as count,
        percentile_disc(0.5) within group (order by ${seconds}) as p50,
        percentile_disc(0.9) within group (order by ${seconds}) as p90,
        null::float8 as average`,
    sql`company_id = ${companyId} and ${within(at, p)} and ${seconds} is not null ${filters(q)}`,
  );
}

/** The ratings (1–3) given in the period: count and average, grouped as above. */
export function ratingFigures(tx: Tx, companyId: number, p: Period, q: AttendanceReportQuery) {
  return grouped(
    tx,
    sql`count(*)::int as count, null::int as p50, null::int as p90, round(avg(rating), 2)::float8 as average`,
    sql`company_id = ${companyId} and ${within(sql`rated_at`, p)} and rating is not null ${filters(q)}`,
  );
}

const filters = (q: AttendanceReportQuery) =>
  sql`${q.queueId !== undefined ? sql`and queue_id = ${q.queueId}` : sql``} ${
    q.userId !== undefined ? sql`and user_id = ${q.userId}` : sql``
  }`;

async function grouped(tx: Tx, aggregates: SQL, where: SQL): Promise<FigureRow[]> {
  const { rows } = await tx.execute<FigureRow>(sql`
    select case when grouping(user_id) = 0 then 'user' when grouping(queue_id) = 0 then 'queue' else 'all' end as "group",
           coalesce(user_id, queue_id) as id, ${aggregates}
      from ticket_tracking
     where ${where}
     group by grouping sets ((), (user_id), (queue_id))`);
  return rows;
}
