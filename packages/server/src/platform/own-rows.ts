import { inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.js';
import { invalid } from './errors.js';

/**
 * The ids a caller names in a body, checked inside the tenant scope before anything is written:
 * a foreign key alone would accept another company's row. Answers the distinct ids, or refuses
 * with 400 naming the field (`notFound`), the same for another company's row as for none.
 */
export async function ownRows(
  tx: Tx,
  table: PgTable & { id: PgColumn },
  ids: ReadonlyArray<number | null | undefined>,
  field: string,
): Promise<number[]> {
  const wanted = [...new Set(ids.filter((id): id is number => typeof id === 'number'))];
  if (wanted.length === 0) return wanted;
  const found = await tx.select({ id: table.id }).from(table).where(inArray(table.id, wanted));
  if (found.length !== wanted.length) throw invalid({ [field]: 'notFound' }, `Unknown ${field}`);
  return wanted;
}
