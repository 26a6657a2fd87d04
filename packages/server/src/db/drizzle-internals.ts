import type pg from 'pg';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { PgTransaction } from 'drizzle-orm/pg-core';

/** A drizzle node-postgres database or transaction (client.ts's `Database`, `Tx`). */
type Db = NodePgDatabase<any> | PgTransaction<any, any, any>;

/**
 * Every reach into drizzle-orm's internals (written against drizzle-orm 0.45, node-postgres
 * driver), behind a narrow typed API. Why each exists is told where it is used (client.ts:
 * `begin` and the company in one round trip; prepared.ts: statements named per connection).
 * drizzle-internals.test.ts pins each assumption, so an upgrade that moves one fails there by name.
 */

/** What a drizzle database or transaction keeps in its session (drizzle-orm/node-postgres/session.js). */
interface Internals {
  dialect: ConstructorParameters<typeof NodePgSession>[1] & { sqlToQuery(query: SQL): RenderedQuery };
  session: {
    client: pg.Pool | pg.PoolClient;
    schema: ConstructorParameters<typeof NodePgSession>[2];
    options: ConstructorParameters<typeof NodePgSession>[3];
    prepareQuery(
      query: RenderedQuery,
      fields: undefined,
      name: string | undefined,
      isResponseInArrayMode: boolean,
    ): { execute(values?: Record<string, unknown>): Promise<unknown> };
  };
}

/** A statement's text and parameters (`sql.placeholder`s among them, filled at each run). */
export interface RenderedQuery {
  readonly sql: string;
  readonly params: unknown[];
}

const internals = (db: Db) => db as unknown as Internals;

/** The pg client `db` runs on: the PoolClient of a transaction, else the Pool. */
export const pgClientOf = (db: Db): pg.Pool | pg.PoolClient => internals(db).session.client;

/** A transaction object over `client` (already in `begin`), as `db.transaction` would build it. */
export function transactionOn<S extends Record<string, unknown>>(
  db: NodePgDatabase<S>,
  client: pg.PoolClient,
): NodePgTransaction<S, ExtractTablesWithRelations<S>> {
  const { dialect, session } = internals(db);
  return new NodePgTransaction(
    dialect,
    new NodePgSession(client, dialect, session.schema, session.options),
    session.schema,
  ) as NodePgTransaction<S, ExtractTablesWithRelations<S>>;
}

/** `query` rendered by `db`'s own dialect, as `db.execute` renders it. */
export const render = (db: Db, query: SQL): RenderedQuery => internals(db).dialect.sqlToQuery(query);

/**
 * What `db.execute(query)` does, under a statement `name` (undefined: unnamed), with the
 * placeholders' `values`: rows as objects, pg's whole result.
 */
export function executeNamed<R extends Record<string, unknown>>(
  db: Db,
  query: RenderedQuery,
  name: string | undefined,
  values?: Record<string, unknown>,
): Promise<pg.QueryResult<R>> {
  return internals(db).session.prepareQuery(query, undefined, name, false).execute(values) as Promise<
    pg.QueryResult<R>
  >;
}

/** Where drizzle's node-postgres prepared query keeps the configs it hands to pg. */
interface PreparedConfigs {
  rawQueryConfig: { name?: string; text: string };
  queryConfig: { name?: string; text: string };
}

/** A query builder's `.prepare('')`: its text, and a way to name it before it runs. */
export function preparedText(prepared: object): string {
  return (prepared as PreparedConfigs).rawQueryConfig.text;
}

/** Names a `.prepare('')`d query's statement (both configs: with and without fields mapping). */
export function namePrepared(prepared: object, name: string): void {
  const configs = prepared as PreparedConfigs;
  configs.rawQueryConfig.name = configs.queryConfig.name = name;
}
