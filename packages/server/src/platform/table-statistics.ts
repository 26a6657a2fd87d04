import type { Deps } from './context.js';
import type { SweepSpec } from './sweeps.js';

/**
 * Statistics that follow a table's growth. The hot statements run as named statements, whose
 * generic plan is made once per connection and kept until the table's statistics change
 * (db/prepared.ts). A plan made while a table was small is right for a small table: on a fresh
 * database the duplicate check of inbound messages seq-scanned `messages` (17 ms a batch at
 * 30,000 rows) until autovacuum analysed it, up to a minute and tens of thousands of rows later.
 * Each pass analyses the tables that have more than doubled since the planner last heard of
 * them (and hold more than a thousand rows): a table growing from nothing is analysed a dozen
 * times on its way to a million rows, an established one never (autovacuum keeps it).
 * ANALYZE invalidates the plans cached on every connection: they are made again with the sizes
 * of now.
 */
export async function analyseGrownTables(deps: Deps): Promise<{ analysed: number }> {
  const { rows } = await deps.pools.owner.query<{ name: string }>(GROWN);
  for (const { name } of rows) await deps.pools.owner.query(`analyze ${name}`);
  return { analysed: rows.length };
}

const GROWN = `
  select format('%I.%I', s.schemaname, s.relname) as name
  from pg_stat_user_tables s join pg_class c on c.oid = s.relid
  where s.schemaname = 'public' and s.n_live_tup > 2 * greatest(c.reltuples, 500)`;

export const tableStatisticsSweeps: SweepSpec<Deps>[] = [
  { name: 'table statistics', everyMs: 2000, pass: analyseGrownTables },
];
