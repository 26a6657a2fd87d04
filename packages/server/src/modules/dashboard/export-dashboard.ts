import { csvText, type DashboardCounters, type DashboardQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { periodAsked } from './dashboard-period.js';
import { dashboardOf } from './read-dashboard.js';

/** The counters in the file's order (the page's). */
const COUNTERS: ReadonlyArray<keyof DashboardCounters> = [
  'supportHappening',
  'supportPending',
  'supportFinished',
  'leads',
  'avgSupportTime',
  'avgWaitTime',
];

/**
 * `GET /dashboard/export` (the same filter as `/dashboard`): the figures `/dashboard` answers as
 * one CSV file in the product's form (contracts' csv.ts): the period, then the counters
 * (`counter;value`), a blank line, then the attendants (`id;name;rating;avgSupportTime;online`).
 * Keys are the contract's names, numbers in JSON form (`.` decimals), an average with nothing
 * measured is an empty cell. The file is named after the period.
 */
export function exportDashboard(ctx: Ctx, q: DashboardQuery) {
  return ctx.tenant(async (tx) => {
    const d = await dashboardOf(tx, ctx.actor.companyId, periodAsked(q));
    const text = csvText([
      ['from', d.period.from],
      ['to', d.period.to],
      [],
      ['counter', 'value'],
      ...COUNTERS.map((key) => [key, d.counters[key]]),
      [],
      ['id', 'name', 'rating', 'avgSupportTime', 'online'],
      ...d.attendants.map((a) => [a.id, a.name, a.rating, a.avgSupportTime, a.online]),
    ]);
    return { fileName: `dashboard_${d.period.from}_${d.period.to}.csv`, text };
  });
}
