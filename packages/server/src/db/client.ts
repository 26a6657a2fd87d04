import pg from 'pg';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import * as schema from './schema/index.js';
import { pgClientOf, transactionOn } from './drizzle-internals.js';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;
/** What a use case receives inside a transaction (tenant-scoped or platform). */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Three pools on one database, one per role:
 * - `owner` connects as the configured user and does the work that owns schemas (migrations,
 *   pg-boss, the Socket.IO adapter);
 * - `app` runs as balcao_app, which row-level security confines to the company set per
 *   transaction: a query run on it outside `inTenant()` sees no tenant rows at all;
 * - `platform` runs as balcao_platform, the named unscoped path for platform work.
 */
export interface DbPools {
  owner: pg.Pool;
  app: pg.Pool;
  /** Tenant work: only through `inTenant(db, companyId, fn)`. */
  db: Database;
  /** Platform work across companies: only through `unscoped(platformDb, fn)` or single reads. */
  platformDb: Database;
  close(): Promise<void>;
}

export function createPools(url: string, opts: { max?: number } = {}): DbPools {
  // The owner's only named statements are pg-boss's (platform/jobs.ts). Its job table is
  // partitioned by queue name, a parameter: PostgreSQL would plan each poll anew to prune.
  const owner = new pg.Pool({ connectionString: url, max: 4, options: '-c plan_cache_mode=force_generic_plan' });
  const app = new pg.Pool({ connectionString: url, max: opts.max ?? 16, options: '-c role=balcao_app' });
  const platform = new pg.Pool({ connectionString: url, max: 6, options: '-c role=balcao_platform' });
  const pools = [owner, app, platform];
  for (const pool of pools) {
    // Errors of idle clients surface on their next use. A checked-out client (a LISTEN held by
    // the Socket.IO adapter or the session registry) would otherwise crash the process with an
    // unhandled 'error' when the server goes away (shutdown, failover): its owner reconnects.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
  }
  return {
    owner,
    app,
    db: drizzle(app, { schema }),
    platformDb: drizzle(platform, { schema }),
    async close() {
      await Promise.all(pools.map((p) => p.end()));
    },
  };
}

/**
 * The one scoped path: every tenant query runs in a transaction bound to one company.
 *
 * drizzle's `transaction` as it does it (drizzle-orm/node-postgres/session.js), except that the
 * company is set in the same round trip as `begin` (one simple query of two statements): a
 * message's work runs half a dozen transactions, and each round trip costs both processes a
 * socket write and a wake-up (~0.8 ms on the bench machine).
 */
export async function inTenant<T>(db: Database, companyId: number, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (!Number.isInteger(companyId) || companyId <= 0) throw new Error(`invalid company id ${companyId}`);
  const client = await (pgClientOf(db) as pg.Pool).connect();
  // A connection whose rollback failed is not handed back to the pool as if it were clean.
  let broken: Error | undefined;
  try {
    const tx = transactionOn(db, client);
    await client.query(`begin; select set_config('app.company_id', '${companyId}', true)`);
    try {
      const result = await fn(tx);
      await client.query('commit');
      return result;
    } catch (err) {
      await client.query('rollback').catch((e: Error) => (broken = e));
      throw err;
    }
  } finally {
    client.release(broken);
  }
}

/**
 * The one named unscoped path, for platform work across companies (login by email, companies,
 * plans, helps, jobs that sweep all tenants). Every caller is greppable: `unscoped(`.
 */
export function unscoped<T>(platformDb: Database, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return platformDb.transaction(fn);
}
