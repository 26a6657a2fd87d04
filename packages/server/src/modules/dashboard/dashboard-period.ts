import { sql, type SQL } from 'drizzle-orm';
import type { DashboardQuery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';

/**
 * The days a dashboard figure covers, read in the company's time zone: `from`..`to` (YYYY-MM-DD,
 * both included), and the instants bounding them, `lo` (midnight starting `from`) and `hi`
 * (midnight ending `to`), half-open so a closure at 23:59:59.999 counts and one at midnight
 * belongs to the next day. `days = n` is today and the n − 1 days before it, today being the
 * company's today. A day that is not 24 hours long (a DST change) is whatever the zone says.
 */
export interface Period {
  zone: string;
  from: string;
  to: string;
  /** timestamptz text, passed back as `${lo}::timestamptz`. */
  lo: string;
  hi: string;
}

export type PeriodAsked = { days: number } | { from: string; to: string };

export const periodAsked = (q: DashboardQuery): PeriodAsked =>
  q.days !== undefined ? { days: q.days } : { from: q.date_from!, to: q.date_to! };

export async function readPeriod(tx: Tx, companyId: number, asked: PeriodAsked): Promise<Period> {
  const [from, to] =
    'days' in asked
      ? [sql`today - ${asked.days - 1}::int`, sql`today`]
      : [sql`${asked.from}::date`, sql`${asked.to}::date`];
  const { rows } = await tx.execute<{ zone: string; from: string; to: string; lo: string; hi: string }>(sql`
    select zone, to_char(f, 'YYYY-MM-DD') as "from", to_char(t, 'YYYY-MM-DD') as "to",
           (f::timestamp at time zone zone)::text as lo, ((t + 1)::timestamp at time zone zone)::text as hi
    from (select zone, ${from} as f, ${to} as t
          from (select c.timezone as zone, (now() at time zone c.timezone)::date as today from companies c where c.id = ${companyId}) c) p`);
  return rows[0]!;
}

/** `column` falls in the period. */
export const within = (column: SQL, p: Period) =>
  sql`${column} >= ${p.lo}::timestamptz and ${column} < ${p.hi}::timestamptz`;
