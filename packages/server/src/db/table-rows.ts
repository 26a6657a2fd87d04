import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * A table's rows as drizzle returns them (property names, numbers for bigints, Dates), for raw
 * set-based statements (`insert … select … from unnest(…)`): drizzle's own multi-row builder costs
 * more CPU than the database spends on the insert. `list` is the RETURNING/SELECT list, `map`
 * turns a raw row into the typed one.
 */
export function tableRows<T extends PgTable>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  const list = (alias?: string): SQL =>
    sql.raw(columns.map(([key, c]) => `${alias ? `${alias}.` : ''}"${c.name}" as "${key}"`).join(', '));
  const map = (row: Record<string, unknown>): T['$inferSelect'] => {
    const out: Record<string, unknown> = {};
    for (const [key, c] of columns) {
      const v = row[key];
      out[key] = v === null || v === undefined ? null : c.mapFromDriverValue(v);
    }
    return out as T['$inferSelect'];
  };
  return { list, map };
}
