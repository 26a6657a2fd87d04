import { sql } from 'drizzle-orm';
import type { DashboardChart, DashboardChartQuery, TicketsPerUserRow } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readPeriod, within } from './dashboard-period.js';

/**
 * `GET /dashboard/ticketsUsers` → `{data: [{nome, quantidade}], count}`: each attendant's closures
 * in the range (the same closures as the counter "finished", those with a user), most first, then
 * by name; `count` their sum. One index-only pass over `ticket_tracking_company_finished_idx`.
 */
export function ticketsPerUser(ctx: Ctx, q: DashboardChartQuery) {
  const companyId = ctx.actor.companyId;
  return ctx.tenant(async (tx) => {
    const period = await readPeriod(tx, companyId, { from: q.initialDate, to: q.finalDate });
    const { rows } = await tx.execute<{ nome: string; quantidade: number }>(sql`
      select u.name as nome, c.n as quantidade
        from (select user_id, count(*)::int as n
                from ticket_tracking
               where company_id = ${companyId} and ${within(sql`finished_at`, period)} and user_id is not null
               group by user_id) c
        join users u on u.id = c.user_id
       order by c.n desc, lower(u.name), u.id`);
    return { data: rows, count: rows.reduce((sum, r) => sum + r.quantidade, 0) };
  });
}

wireMatches<Answer<typeof ticketsPerUser>, DashboardChart<TicketsPerUserRow>>(true);
