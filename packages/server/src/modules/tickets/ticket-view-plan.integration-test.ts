import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant } from '../../../test/support/factories.js';
import { insertTickets } from '../../../test/support/bulk-tickets.js';
import { scoped } from '../../../test/support/inbox.js';
import { eventually } from '../../../test/support/eventually.js';
import { tickets } from '../../db/schema/index.js';
import { analyseGrownTables } from '../../platform/table-statistics.js';
import { selectTickets } from './ticket-view.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

interface PlanNode {
  'Relation Name'?: string;
  'Actual Rows': number;
  'Actual Loops': number;
  Plans?: PlanNode[];
}

/** Rows the plan's scans of `table` returned, over all their loops. */
function rowsRead(node: PlanNode, table: string): number {
  const own = node['Relation Name'] === table ? node['Actual Rows'] * node['Actual Loops'] : 0;
  return own + (node.Plans ?? []).reduce((n, child) => n + rowsRead(child, table), 0);
}

// Every ticket event carries the ticket's view, read for a whole inbound batch at once
// (loadTicketViews). Row-level security's company filter looked like one row to a planner
// without statistics: each ticket was joined to its contact by reading all the company's
// contacts, per ticket (docs/bench/cloud-webhook.md).
it("reads a batch's ticket views without reading the company's contacts once per ticket, from a few hundred tickets", async () => {
  const { companyId } = await createTenant(t);
  const now = Date.now();
  const ids = await insertTickets(
    t,
    companyId,
    Array.from({ length: 400 }, (_, i) => ({ updatedAt: new Date(now - i * 1000) })),
  );
  // The statistics sweep's pass, once the server's activity counters show the new rows (they
  // are flushed lazily).
  await eventually(async () => {
    const { rows } = await t.running.deps.pools.owner.query<{ n: number }>(
      `select n_live_tup::int as n from pg_stat_user_tables where relname = 'contacts'`,
    );
    return rows[0]!.n >= 400;
  }, 20_000, 'the new contacts counted');
  await analyseGrownTables(t.running.deps);

  const batch = ids.filter((_, i) => i % 40 === 0);
  const plan = await scoped(t, companyId, async (tx) => {
    const views = selectTickets(tx, sql`${tickets.id} = any((select ${sql.param(batch)}::int[])::int[])`);
    const { rows } = await tx.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      sql`explain (analyze, format json) ${views}`,
    );
    return rows[0]!['QUERY PLAN'][0].Plan;
  });
  // By key (one per ticket) or one pass over them all, never a pass per ticket.
  expect(rowsRead(plan, 'contacts')).toBeLessThanOrEqual(400);
});
