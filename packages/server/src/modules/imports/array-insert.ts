import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (<columns>) select * from unnest(<one array per column>)`: a batch of
 * thousands of rows as a few parameters (a VALUES list of them costs the server more to parse and
 * plan than the rows cost to write). `types`: each column's key and its PostgreSQL type, in order.
 * The caller adds `on conflict`/`returning`.
 */
export function insertFromArrays<T extends PgTable>(
  table: T,
  types: Partial<Record<keyof T['_']['columns'] & string, string>>,
  rows: readonly Record<string, unknown>[],
): SQL {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const keys = Object.keys(types);
  const names = keys.map((k) => `"${columns[k]!.name}"`).join(', ');
  const arrays = keys.map(
    (k) => sql`${sql.param(rows.map((r) => r[k] ?? null))}::${sql.raw(types[k as keyof typeof types]!)}[]`,
  );
  return sql`insert into ${table} (${sql.raw(names)}) select * from unnest(${sql.join(arrays, sql`, `)})`;
}
