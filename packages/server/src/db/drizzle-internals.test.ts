import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Database } from './client.js';
import { executeNamed, namePrepared, pgClientOf, preparedText, render, transactionOn } from './drizzle-internals.js';

/**
 * The contract of db/drizzle-internals.ts with drizzle-orm (written against ^0.45.4, node-postgres
 * driver): each test names the internal it relies on. A drizzle upgrade that moves one fails here,
 * not as a slower benchmark or a statement run unnamed.
 */
const V = 'drizzle-orm ^0.45.4';

/** A pg client that records what drizzle hands it. */
function fakeClient() {
  const calls: Array<{ config: pg.QueryConfig & { rowMode?: string }; params: unknown[] }> = [];
  const client = {
    calls,
    query: async (config: pg.QueryConfig, params: unknown[]) => {
      calls.push({ config, params });
      return { rows: [{ n: 1 }], rowCount: 1, command: 'SELECT', fields: [], oid: 0 };
    },
    release: () => {},
  };
  return client;
}

const things = pgTable('things', { id: integer('id').primaryKey(), name: text('name') });
const dbOver = (client: ReturnType<typeof fakeClient>) => drizzle({ client: client as never }) as unknown as Database;

describe(`${V}: the session`, () => {
  it(`${V}: a database keeps its pg client as session.client`, () => {
    const client = fakeClient();
    expect(pgClientOf(dbOver(client))).toBe(client);
  });

  it(`${V}: NodePgTransaction(dialect, NodePgSession(client, dialect, schema, options), schema) runs on that client`, async () => {
    const pool = fakeClient();
    const conn = fakeClient();
    const tx = transactionOn(dbOver(pool), conn as never);
    expect(pgClientOf(tx)).toBe(conn);
    await tx.execute(sql`select 1`);
    expect(conn.calls.map((c) => c.config.text)).toEqual(['select 1']);
    expect(pool.calls).toEqual([]);
  });
});

describe(`${V}: named statements`, () => {
  it(`${V}: dialect.sqlToQuery renders $n parameters and keeps placeholders for each run`, () => {
    const q = render(dbOver(fakeClient()), sql`select ${1} as a, ${sql.placeholder('b')} as b`);
    expect(q.sql).toBe('select $1 as a, $2 as b');
    expect(q.params[0]).toBe(1);
    expect(q.params).toHaveLength(2);
  });

  it(`${V}: session.prepareQuery(query, undefined, name, false).execute(values) hands pg the name, the text and the filled values, and answers pg's whole result`, async () => {
    const client = fakeClient();
    const db = dbOver(client);
    const result = await executeNamed(db, render(db, sql`select ${sql.placeholder('x')}::int as n`), 'shape_1', {
      x: 7,
    });
    expect(client.calls).toHaveLength(1);
    expect(client.calls[0]!.config).toMatchObject({ name: 'shape_1', text: 'select $1::int as n' });
    expect(client.calls[0]!.config.rowMode).toBeUndefined();
    expect(client.calls[0]!.params).toEqual([7]);
    expect(result.rows).toEqual([{ n: 1 }]);
    expect(result.rowCount).toBe(1);
  });

  it(`${V}: a builder's prepare('') keeps its text in rawQueryConfig and pg gets the name set on queryConfig (rows as arrays)`, async () => {
    const client = fakeClient();
    const db = dbOver(client);
    const prepared = db
      .select({ id: things.id })
      .from(things)
      .where(sql`${things.id} = ${3}`)
      .prepare('');
    expect(preparedText(prepared)).toBe('select "id" from "things" where "things"."id" = $1');
    namePrepared(prepared, 'shape_9');
    await prepared.execute();
    expect(client.calls[0]!.config).toMatchObject({ name: 'shape_9', rowMode: 'array', text: preparedText(prepared) });
  });
});
