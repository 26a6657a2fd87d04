import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardAttendant, DashboardQuery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { periodAsked, readPeriod, within, type Period } from './dashboard-period.js';

/**
 * `GET /dashboard` → `{period, counters, attendants}` (definitions in the contracts' dashboard.ts).
 * Every figure is computed by PostgreSQL over indexes: the live counts over the tickets' (company,
 * status) index; the closures over `ticket_tracking_company_finished_idx` (company, finished_at,
 * with started_at, user_id and rating in the index, so one index-only pass gives the closures,
 * the support times and the ratings per attendant and in total — `rollup`); the wait over
 * `ticket_tracking_company_started_idx`; the leads over `contacts_company_created_idx`.
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

/** Minutes (one decimal) of an interval averaged in seconds. */
const minutes = (seconds: ReturnType<typeof sql>) => sql`round((${seconds} / 60)::numeric, 1)::float8`;

async function liveAndArrivals(tx: Tx, companyId: number, p: Period) {
  const { rows } = await tx.execute<{ happening: number; pending: number; leads: number; wait: number | null }>(sql`
    select
      (select count(*) from tickets where company_id = ${companyId} and status = 'open')::int as happening,
      (select count(*) from tickets where company_id = ${companyId} and status = 'pending')::int as pending,
      (select count(*) from contacts where company_id = ${companyId} and ${within(sql`created_at`, p)})::int as leads,
      (select ${minutes(sql`avg(extract(epoch from started_at - queued_at))`)}
         from ticket_tracking
        where company_id = ${companyId} and ${within(sql`started_at`, p)} and started_at > queued_at) as wait`);
  return rows[0]!;
}

/** The period's closures per attendant (`total` false; userId null: closed with no user) and in total. */
async function closuresByUser(tx: Tx, companyId: number, p: Period) {
  const { rows } = await tx.execute<{
    total: boolean;
    userId: number | null;
    finished: number;
    support: number | null;
    rating: number | null;
  }>(sql`
    select grouping(user_id) = 1 as total, user_id as "userId", count(*)::int as finished,
           ${minutes(sql`avg(extract(epoch from finished_at - started_at))`)} as support,
           round(avg(rating), 2)::float8 as rating
      from ticket_tracking
     where company_id = ${companyId} and ${within(sql`finished_at`, p)}
     group by rollup (user_id)`);
  return rows;
}

/** Every user of the company, by name: the attendants table lists those with no closure too. */
async function staffOf(tx: Tx, companyId: number) {
  const { rows } = await tx.execute<{ id: number; name: string; online: boolean }>(sql`
    select id, name, online from users where company_id = ${companyId} order by lower(name), id`);
  return rows;
}

wireMatches<Answer<typeof readDashboard>, Dashboard>(true);
