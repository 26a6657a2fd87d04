import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard, DashboardAttendant, DashboardQuery, Presence } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { periodAsked, readPeriod, within, type Period } from './dashboard-period.js';

/**
 * `GET /dashboard` → `{period, counters, attendants}` (definitions in the contracts' dashboard.ts).
 * Every figure is computed by PostgreSQL over indexes, index-only: the live counts over the
 * tickets' (company, status) index; the closures over `ticket_tracking_company_finished_idx`
 * (company, finished_at, with user_id, support_seconds and rating in the index, so one pass gives
 * the closures, the support times and the ratings per attendant, and the totals from those); the
 * wait over `ticket_tracking_company_started_idx` (with wait_seconds); the leads over
 * `contacts_company_created_idx`. The durations are the cycle's generated columns (schema/tickets.ts).
 */
export function readDashboard(ctx: Ctx, q: DashboardQuery) {
  return ctx.tenant((tx) => dashboardOf(tx, ctx.actor.companyId, periodAsked(q)));
}

export async function dashboardOf(tx: Tx, companyId: number, asked: Parameters<typeof readPeriod>[2]) {
  const period = await readPeriod(tx, companyId, asked);
  const now = await liveAndArrivals(tx, companyId, period);
  const closures = await closuresByUser(tx, companyId, period);
  const staff = await staffOf(tx, companyId);
  const total = closures.find((c) => c.total);
  const byUser = new Map(closures.filter((c) => !c.total).map((c) => [c.userId, c]));
  const attendants: DashboardAttendant[] = staff.map((u) => ({
    id: u.id,
    name: u.name,
    rating: byUser.get(u.id)?.rating ?? null,
    avgSupportTime: byUser.get(u.id)?.support ?? null,
    online: u.online,
    presence: u.presence,
  }));
  return {
    period: { from: period.from, to: period.to },
    counters: {
      supportHappening: now.happening,
      supportPending: now.pending,
      supportFinished: total?.finished ?? 0,
      leads: now.leads,
      avgSupportTime: total?.support ?? null,
      avgWaitTime: now.wait,
    },
    attendants,
  };
}

/** Seconds in minutes, one decimal. */
const minutesOf = (seconds: SQL) => sql`round(${seconds} / 60.0, 1)::float8`;

async function liveAndArrivals(tx: Tx, companyId: number, p: Period) {
  const { rows } = await tx.execute<{ happening: number; pending: number; leads: number; wait: number | null }>(sql`
    select
      (select count(*) from tickets where company_id = ${companyId} and status = 'open')::int as happening,
      (select count(*) from tickets where company_id = ${companyId} and status = 'pending')::int as pending,
      (select count(*) from contacts where company_id = ${companyId} and ${within(sql`created_at`, p)})::int as leads,
      (select ${minutesOf(sql`avg(wait_seconds)`)}
         from ticket_tracking where company_id = ${companyId} and ${within(sql`started_at`, p)}) as wait`);
  return rows[0]!;
}

/**
 * The period's closures per attendant (`total` false; userId null: closed with no user) and in
 * total (`total` true): one pass summing per attendant, the total summed from those few rows
 * (cheaper than `rollup`, which feeds every row to two aggregations).
 */
async function closuresByUser(tx: Tx, companyId: number, p: Period) {
  const { rows } = await tx.execute<{
    total: boolean;
    userId: number | null;
    finished: number;
    support: number | null;
    rating: number | null;
  }>(sql`
    with per_user as (
      select user_id, count(*) as n, sum(support_seconds) as support_sum, count(support_seconds) as support_n,
             sum(rating) as rating_sum, count(rating) as rating_n
        from ticket_tracking
       where company_id = ${companyId} and ${within(sql`finished_at`, p)}
       group by user_id)
    select false as total, user_id as "userId", n::int as finished, ${minutesOf(sql`support_sum::numeric / nullif(support_n, 0)`)} as support,
           round(rating_sum::numeric / nullif(rating_n, 0), 2)::float8 as rating
      from per_user
    union all
    select true, null, coalesce(sum(n), 0)::int, ${minutesOf(sql`sum(support_sum) / nullif(sum(support_n), 0)`)},
           round(sum(rating_sum)::numeric / nullif(sum(rating_n), 0), 2)::float8
      from per_user`);
  return rows;
}

/** Every user of the company, by name: the attendants table lists those with no closure too. */
async function staffOf(tx: Tx, companyId: number) {
  const { rows } = await tx.execute<{ id: number; name: string; online: boolean; presence: Presence }>(sql`
    select id, name, online, presence from users where company_id = ${companyId} order by lower(name), id`);
  return rows;
}

wireMatches<Answer<typeof readDashboard>, Dashboard>(true);
