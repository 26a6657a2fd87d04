import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { QueryResult } from 'pg';
import type { Database, Tx } from './client.js';
import { executeNamed, namePrepared, pgClientOf, preparedText, render } from './drizzle-internals.js';

/**
 * Hot statements built once and run as named prepared statements.
 *
 * Drizzle builds a query's SQL text anew on every call: for the ticket view (its joins and tags
 * sub-select) 1–2 ms of CPU on the bench machine, more than PostgreSQL takes to run it, which
 * then parses and plans the text anew as well. A hot read instead builds its prepared query once
 * (parameters as `sql.placeholder`s) and PostgreSQL parses it once per connection.
 *
 * The prepared query is bound to a pg client: for a transaction, the pooled connection it runs
 * on, so one is kept per connection and serves every later transaction on that connection; for
 * a pool-level database, the pool. `name` must be unique per statement text. (A column type
 * changed under a running process would fail its prepared statements until it restarts:
 * PostgreSQL refuses a cached plan whose result type changed. Migrations run at boot.)
 */
export function prepared<Q>(db: Tx | Database, name: string, build: (name: string) => Q): Q {
  const client = pgClientOf(db);
  let statements = byClient.get(client);
  if (!statements) byClient.set(client, (statements = new Map()));
  let query = statements.get(name) as Q | undefined;
  if (query === undefined) statements.set(name, (query = build(name)));
  return query;
}

const byClient = new WeakMap<object, Map<string, unknown>>();

/**
 * A query whose text depends on its filters (the ticket list: status, queues, tags…), run as a
 * named statement per distinct text on each connection. PostgreSQL then parses it once and,
 * after its first five runs, reuses a generic plan: the open list's 3.3 ms of planning per
 * request goes (docs/bench/inbox-plans.md, P5). Up to MAX_SHAPES texts a connection are named;
 * rarer shapes past that run unnamed, as any other query.
 */
export function byShape<R>(db: Tx | Database, query: ShapedQuery<R>): Promise<R> {
  // Built once (its text is 0.5 ms of CPU for the list), unnamed until the text gives the name.
  const statement = query.prepare('');
  const name = shapeName(db, preparedText(statement));
  if (name !== undefined) namePrepared(statement, name);
  return statement.execute();
}

/**
 * `tx.execute(query)` for a hot raw statement (the message pipeline's, the AI turn's): run as a
 * named statement per distinct text on its connection, as `byShape` does. Their texts do not
 * grow with their input (arrays go as one parameter each), so a connection holds a handful.
 */
export function executeByShape<R extends Record<string, unknown>>(
  db: Tx | Database,
  query: SQL,
): Promise<QueryResult<R>> {
  const built = render(db, query);
  return executeNamed<R>(db, built, shapeName(db, built.sql));
}

/** A hot statement's text, rendered once; its values are `sql.placeholder`s filled at each run. */
export interface Statement {
  readonly sql: string;
  readonly params: unknown[];
}

const dialect = new PgDialect();

/**
 * Renders a hot statement once, at module load (`runStatement` runs it). Even `executeByShape`
 * renders its template on every call: for the outbox's and the AI turn's statements that was
 * 2–3 ms of CPU a message on the bench machine, more than PostgreSQL spent running them. Values
 * go in as `sql.placeholder('name')`.
 */
export const statement = (query: SQL): Statement => dialect.sqlToQuery(query);

/**
 * Runs a `statement` with its placeholders' values, named on its connection as `executeByShape`
 * does — or, `planEachRun`, unnamed: planned at every run with its values and the tables' sizes
 * as they are then. For a batch statement (one run for many rows), whose planning is cheap beside
 * it: a generic plan made while the messages table was nearly empty kept hashing a campaign's
 * whole queue to mark 30 rows. (Its arrays then go as plain parameters, not `arrayParam`.)
 */
export function runStatement<R extends Record<string, unknown>>(
  db: Tx | Database,
  st: Statement,
  values: Record<string, unknown> = {},
  opts: { planEachRun?: boolean } = {},
): Promise<QueryResult<R>> {
  const name = opts.planEachRun ? undefined : shapeName(db, st.sql);
  return executeNamed<R>(db, st, name, values);
}

/**
 * An array parameter the planner does not look into: `(select $n)`, cast after as before
 * (`${arrayParam(ids)}::int[]`). A named statement over `unnest($1::int[])` was planned anew on
 * every run: the custom plan of a one-element array looked far cheaper than a generic plan sized
 * for a hundred rows. Behind the sub-select both are sized alike and the generic plan is kept.
 */
export const arrayParam = (values: unknown[]): SQL => sql`(select ${sql.param(values)})`;

/** `arrayParam` in a `statement`: the array is its placeholder `name`'s value at each run. */
export const arrayPlaceholder = (name: string): SQL => sql`(select ${sql.placeholder(name)})`;

/** The name of `text` on `db`'s connection (undefined past MAX_SHAPES: run unnamed). */
function shapeName(db: Tx | Database, text: string): string | undefined {
  const client = pgClientOf(db);
  let shapes = shapesByClient.get(client);
  if (!shapes) shapesByClient.set(client, (shapes = new Map()));
  let name = shapes.get(text);
  if (name === undefined) {
    if (shapes.size >= MAX_SHAPES) return undefined;
    shapes.set(text, (name = `shape_${shapes.size + 1}`));
  }
  return name;
}

interface ShapedQuery<R> {
  prepare(name: string): { execute(): Promise<R> };
}

/** Named texts a connection holds at most: the ticket list's shapes and the hot statements. */
export const MAX_SHAPES = 128;
const shapesByClient = new WeakMap<object, Map<string, string>>();
