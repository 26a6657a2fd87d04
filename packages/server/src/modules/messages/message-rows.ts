import { getTableColumns, is, Placeholder, SQL, sql } from 'drizzle-orm';
import { messages } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';

/**
 * The one writer of message rows: every insert into `messages` is built here, so the column
 * list (names from the schema, in the table's order) lives in one place. It builds SQL and runs
 * nothing: a hot statement stays one statement rendered once (`statement`, db/prepared.ts) — the
 * pipeline's multi-row insert, the campaign's and the farewells' unnests, the outbound queue's
 * one row beside its ticket's update.
 */

type NewMessage = typeof messages.$inferInsert;

/** A column's value: a JS value (encoded as drizzle would for the column), or an SQL expression. */
type Value<K extends keyof NewMessage> = NewMessage[K] | SQL | Placeholder;

/** What a message row is given; the columns left out take their defaults. */
export type MessageValues = { [K in keyof NewMessage]?: Value<K> } & {
  [K in 'companyId' | 'ticketId' | 'body']-?: Value<K>;
};

/** How every queued outbound message is stored: ours, read, ack 0 (the outbox sends it). */
export const QUEUED_OUTBOUND = { fromMe: sql`true`, read: sql`true`, ack: sql`0` } satisfies Partial<MessageValues>;

const columns = Object.entries(getTableColumns(messages));

/**
 * `insert into messages (<columns>) …`: with `from`, `select <values> <from>` (one row per row of
 * `from`, whose expressions the values may name, e.g. `from unnest(…) as v(…) order by v.ord`);
 * without, `values (<values>)`, or a row of values each for a list (a column one row leaves out
 * takes its default there). The caller adds `on conflict`/`returning` after it.
 */
export function insertMessageRows(values: MessageValues | readonly MessageValues[], from?: SQL): SQL {
  const rows = (Array.isArray(values) ? values : [values]) as readonly Record<string, unknown>[];
  const given = columns.filter(([key]) => rows.some((row) => row[key] !== undefined));
  const names = sql.raw(given.map(([, c]) => `"${c.name}"`).join(', '));
  const exprs = (row: Record<string, unknown>) =>
    sql.join(
      given.map(([key, column]) => {
        const v = row[key];
        if (v === undefined) return sql`default`;
        if (is(v, SQL)) return v;
        if (is(v, Placeholder)) return sql`${v}`;
        return sql.param(v, column);
      }),
      sql`, `,
    );
  if (from) return sql`insert into messages (${names}) select ${exprs(rows[0]!)} ${from}`;
  return sql`insert into messages (${names}) values ${sql.join(
    rows.map((row) => sql`(${exprs(row)})`),
    sql`, `,
  )}`;
}

/** A stored message's RETURNING/SELECT list and the mapping of its raw row (db/table-rows.ts). */
export const messageRows = tableRows(messages);
