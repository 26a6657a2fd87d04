import type { ImportCounts } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { AtendechatSource, SourceRow } from './atendechat-source.js';
import type { CompanyIds, ImportRun } from './import-run.js';
import { ref, str, time } from './source-values.js';

const BATCH = 500;

/** A source row's createdAt/updatedAt (now when missing). */
export const stamps = (row: SourceRow) => ({
  createdAt: time(row.createdAt) ?? new Date(),
  updatedAt: time(row.updatedAt) ?? new Date(),
});

/** The new id of a source reference, or a throw that makes the row needing it a problem. */
export function needed(map: Map<string, number>, v: unknown, what: string): number {
  const id = ref(map, v);
  if (id === null) throw new Error(`${what} ${str(v)} not imported`);
  return id;
}

export interface EachRowOptions {
  /** The table has no `companyId`: its rows belong to the company of their parent row. */
  via?: { table: string; column: string };
  /** A table forks may lack: its absence is not reported (nothing to import). */
  optional?: boolean;
}

/**
 * Imports each row of `table` not imported yet, one transaction per row (tables of a company's
 * set-up: tens or thousands of rows); answers the mapping. `write` throwing (a reference not
 * imported, a rule of the product) makes that row a problem and the import goes on.
 */
export async function eachRow(
  run: ImportRun,
  source: AtendechatSource,
  ids: CompanyIds,
  table: string,
  what: keyof ImportCounts,
  counts: ImportCounts,
  /** `done`: what this table's rows became so far (a tree's parents, written before their children). */
  write: (tx: Tx, row: SourceRow, companyId: number, done: Map<string, number>) => Promise<number>,
  opts: EachRowOptions = {},
): Promise<Map<string, number>> {
  const done = ids.target === null ? new Map<string, number>() : await run.mappedIn(what, ids.target);
  if (!source.has(table) || (opts.via && !source.has(opts.via.table))) {
    if (!opts.optional) run.problem(ids.source, what, null, `the source has no "${table}" table`);
    return done;
  }
  for await (const rows of source.byId(table, ids.source, BATCH, 'true', opts.via)) {
    for (const row of rows) {
      if (done.has(String(row.id))) continue;
      const companyId = ids.target;
      if (companyId === null) {
        run.count(counts, what);
        continue;
      }
      const id = await run.one(what, ids.source, companyId, row.id, (tx) => write(tx, row, companyId, done));
      if (id !== null) {
        done.set(String(row.id), id);
        run.count(counts, what);
      }
    }
    await run.progress();
  }
  return done;
}
