import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { analyseGrownTables } from './table-statistics.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.stop();
});

/** The planner's row count of `table` (-1: never analysed) and how often it was analysed by hand. */
async function statsOf(table: string) {
  const { rows } = await t.running.deps.pools.owner.query(
    `select c.reltuples::int as planned, s.analyze_count::int as analysed
     from pg_class c join pg_stat_user_tables s on s.relid = c.oid where c.relname = $1`,
    [table],
  );
  return rows[0] as { planned: number; analysed: number };
}

/** Inserts `n` rows and makes the server's activity counters see them now (they flush lazily). */
async function grow(table: string, from: number, n: number) {
  const client = await t.running.deps.pools.owner.connect();
  try {
    await client.query(`insert into ${table} select g from generate_series($1::int, $2::int) g`, [from, from + n - 1]);
    await client.query('select pg_stat_force_next_flush()');
    await client.query('select 1');
  } finally {
    client.release();
  }
}

// The server's own sweep runs beside this test too: the planner's counts are what is compared,
// whichever pass analysed the table.
it('analyses a table once it holds over 100 rows and has more than doubled since the planner last counted it, and only then', async () => {
  const table = 'stats_probe';
  await t.running.deps.pools.owner.query(`create table ${table} (id int) with (autovacuum_enabled = false)`);
  try {
    // Tiny tables are left alone: their plans matter little.
    await grow(table, 1, 80);
    await analyseGrownTables(t.running.deps);
    expect(await statsOf(table)).toEqual({ planned: -1, analysed: 0 });

    // 400 rows, never analysed: counted early (row-level security's company filter needs the
    // statistics from the start, table-statistics.ts).
    await grow(table, 81, 320);
    await analyseGrownTables(t.running.deps);
    const first = await statsOf(table);
    expect(first.planned).toBe(400);

    // 700 is not double 400: nothing to do.
    await grow(table, 401, 300);
    await analyseGrownTables(t.running.deps);
    expect(await statsOf(table)).toEqual(first);

    // Past double (2,000 > 2 × 400): analysed again.
    await grow(table, 701, 1300);
    await analyseGrownTables(t.running.deps);
    expect((await statsOf(table)).planned).toBe(2000);
  } finally {
    await t.running.deps.pools.owner.query(`drop table ${table}`);
  }
});
