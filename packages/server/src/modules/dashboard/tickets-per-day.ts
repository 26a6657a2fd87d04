import { sql } from 'drizzle-orm';
import type { DashboardChart, DashboardChartQuery, TicketsPerDayRow } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readPeriod, within } from './dashboard-period.js';

/**
 * `GET /dashboard/ticketsDay` → `{data, count}`: the tickets that arrived (were created) in the
 * range, per day of the company's calendar (`{data: 'YYYY-MM-DD', total}`, every day of the range,
 * 0 included), or per hour of that day when the range is one day (`{horario: 'HH:00', total}`,
 * all 24 hours; on a day a DST change repeats an hour, both count under the hour's name).
 * `count` is their sum. Read over `tickets_company_created_idx`, index-only.
 */
export function ticketsPerDay(ctx: Ctx, q: DashboardChartQuery) {
  const companyId = ctx.actor.companyId;
  return ctx.tenant(async (tx) => {
    const p = await readPeriod(tx, companyId, { from: q.initialDate, to: q.finalDate });
    const local = sql`(created_at at time zone ${p.zone})`;
    const arrived = sql`from tickets where company_id = ${companyId} and ${within(sql`created_at`, p)}`;
    const { rows } =
      p.from === p.to
        ? await tx.execute<{ horario: string; total: number }>(sql`
            select to_char(make_time(h, 0, 0), 'HH24:MI') as horario, coalesce(n.total, 0)::int as total
              from generate_series(0, 23) h
              left join (select extract(hour from ${local})::int as h, count(*) as total ${arrived} group by 1) n using (h)
             order by h`)
        : // Each day counted over its own instants (an index-only range each): no time zone
          // conversion per ticket, and a day of a DST change is as long as the zone makes it.
          await tx.execute<{ data: string; total: number }>(sql`
            select to_char(d, 'YYYY-MM-DD') as data,
                   (select count(*) from tickets
                     where company_id = ${companyId}
                       and created_at >= (d::timestamp at time zone ${p.zone})
                       and created_at < ((d + 1)::timestamp at time zone ${p.zone}))::int as total
              from (select g::date as d from generate_series(${p.from}::date, ${p.to}::date, interval '1 day') g) days
             order by d`);
    const data: TicketsPerDayRow[] = rows;
    return { data, count: data.reduce((sum, r) => sum + r.total, 0) };
  });
}

wireMatches<Answer<typeof ticketsPerDay>, DashboardChart<TicketsPerDayRow>>(true);
