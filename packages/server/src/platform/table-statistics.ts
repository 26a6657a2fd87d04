import type { Deps } from './context.js';
import type { SweepSpec } from './sweeps.js';

/**
 * Statistics that follow a table's growth. The hot statements run as named statements, whose
 * generic plan is made once per connection and kept until the table's statistics change
 * (db/prepared.ts). A plan made while a table was small is right for a small table: on a fresh
 * database the duplicate check of inbound messages seq-scanned `messages` (17 ms a batch at
 * 30,000 rows) until autovacuum analysed it, up to a minute and tens of thousands of rows later.
 * Each pass analyses the tables that have more than doubled since the planner last heard of
 * them (and hold more than a hundred rows): a table growing from nothing is analysed some fifteen
 * times on its way to a million rows, an established one never (autovacuum keeps it).
 * ANALYZE invalidates the plans cached on every connection: they are made again with the sizes
 * of now.
 *
 * Early, because every tenant table is read through row-level security's `company_id = …`
 * filter: without statistics the planner takes it for a filter of one or two rows, and the
 * ticket view (every ticket event) joined each ticket to its contact by scanning the company's
 * contacts through their company index, all of them per ticket (4,300 rows read for 10 tickets
 * at 1,000 contacts, growing with them; docs/bench/cloud-webhook.md). With statistics (one company:
 * the filter keeps every row) the contact is found by its key. A thousand rows, the old floor,
 * was reached only past the inbound bench's 1,000 customers.
 */
export async function analyseGrownTables(deps: Deps): Promise<{ analysed: number }> {
  const { rows } = await deps.pools.owner.query<{ name: string }>(GROWN);
  for (const { name } of rows) await deps.pools.owner.query(`analyze ${name}`);
  return { analysed: rows.length };
}

const GROWN = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = 'public' and s.n_live_tup > 2 * greatest(c.reltuples, 50)`;

export const tableStatisticsSweeps: SweepSpec<Deps>[] = [
  { name: 'table statistics', everyMs: 2000, pass: analyseGrownTables },
];
