import pino from 'pino';

/**
 * What PostgreSQL refused, told without the values: a refused query's parameters hold whatever
 * the statement wrote (connection tokens, Cloud secrets, a flow's keys, a contact's email), and
 * the driver's texts repeat them (drizzle's `Failed query: … params: …`, pg's `invalid input
 * syntax for type integer: "<value>"`, a JSON refusal's `where`, a unique violation's `detail`).
 */

/** The part of pg's `DatabaseError` worth keeping: names and codes, never values. */
interface PgError {
  code: string;
  message: string;
  where?: string;
  table?: string;
  column?: string;
  constraint?: string;
  routine?: string;
}

/** drizzle's `DrizzleQueryError`: the statement and its parameters, the driver's error as `cause`. */
interface QueryError {
  query: string;
  params: unknown[];
}

const isQueryError = (e: unknown): e is Error & QueryError =>
  e instanceof Error && typeof (e as Partial<QueryError>).query === 'string' && 'params' in e;

/** pg's error inside whatever wraps it (drizzle puts the driver's in `cause`). */
export function findPgError(err: unknown): PgError | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, i = 0; e && i < 4; i++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e as PgError;
    e = e.cause as typeof e;
  }
  return undefined;
}

const findQuery = (err: unknown): QueryError | undefined => {
  for (let e = err, i = 0; e && i < 4; i++) {
    if (isQueryError(e)) return e;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
};

/** `greeting_message` → `greetingMessage`: the API's names are the columns' in camel case. */
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/** The items of a parenthesised list, split at its top-level commas. */
function topLevelItems(list: string): string[] {
  const items: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === ',' && depth === 0) {
      items.push(list.slice(start, i).trim());
      start = i + 1;
    }
  }
  items.push(list.slice(start).trim());
  return items;
}

/**
 * The column parameter `$n` of a statement drizzle wrote is stored in or compared with: an
 * insert's `(columns) values (…, $n, …)`, an update's `"column" = $n`, a filter's
 * `"table"."column" >= $n`. Undefined when the statement does not say it plainly.
 */
export function columnOfParameter(query: string, n: number): string | undefined {
  const placeholder = new RegExp(`\\$${n}(?!\\d)`);
  const insert = /^insert into "[^"]+" \(([^)]*)\) values (.*)$/is.exec(query);
  if (insert) {
    const columns = insert[1]!.split(',').map((c) => c.trim().replace(/^"|"$/g, ''));
    for (const tuple of insert[2]!.matchAll(/\(((?:[^()]|\([^()]*\))*)\)/g)) {
      const at = topLevelItems(tuple[1]!).findIndex((item) => placeholder.test(item));
      if (at >= 0) return columns[at];
    }
  }
  const compared = new RegExp(`"(\\w+)"\\s*(?:=|<>|!=|<=|>=|<|>|(?:not\\s+)?i?like)\\s*\\$${n}(?!\\d)`, 'i').exec(
    query,
  );
  return compared?.[1];
}

/** Why a data exception (SQLSTATE class 22) refused a value: the code the answer names it by. */
const REASONS: Record<string, { reason: string; says: string }> = {
  '22001': { reason: 'tooLong', says: 'is too long to store' },
  '22003': { reason: 'outOfRange', says: 'is out of range' },
  '22008': { reason: 'outOfRange', says: 'is a date or time out of range' },
  '22007': { reason: 'invalidDate', says: 'is not a valid date or time' },
  '22021': { reason: 'invalidCharacter', says: 'holds a character that cannot be stored' },
  '22P05': { reason: 'invalidCharacter', says: 'holds a character that cannot be stored' },
  '22P02': { reason: 'invalidValue', says: 'is not a valid value for its kind' },
};
const OTHER = { reason: 'invalid', says: 'cannot be stored' };

/** A data exception as the answer and the log tell it: its code, the field when known, why. */
export interface DataRefusal {
  code: string;
  field?: string;
  reason: string;
  message: string;
  table?: string;
}

/**
 * The refusal of a value PostgreSQL would not take (class 22), named by the field it was for when
 * that can be known: pg's `column`, else the parameter its `where` names (`unnamed portal
 * parameter $2`) traced to its column in the statement. Undefined for any other error.
 */
export function dataRefusal(err: unknown): DataRefusal | undefined {
  const pg = findPgError(err);
  if (!pg?.code.startsWith('22')) return undefined;
  const { reason, says } = REASONS[pg.code] ?? OTHER;
  const n = /parameter \$(\d+)/.exec(pg.where ?? '')?.[1];
  const query = findQuery(err)?.query;
  const column = pg.column ?? (n && query ? columnOfParameter(query, Number(n)) : undefined);
  const field = column && camel(column);
  return {
    code: pg.code,
    field,
    reason,
    message: field ? `Invalid ${field}: the value ${says}` : `A value ${says}`,
    table: pg.table ?? (query ? /^(?:insert into|update) "([^"]+)"/i.exec(query)?.[1] : undefined),
  };
}

/** pg's message with what it quotes withheld (`… for type integer: "<value>"`) when it is about a value. */
const valueFree = (pg: PgError) =>
  pg.code.startsWith('22') || pg.code.startsWith('23') ? pg.message.replace(/"(?:[^"\\]|\\.)*"/g, '"…"') : pg.message;

/**
 * pino's `err` serializer: an error as pino writes it, except that a failed query shows its
 * statement and pg's codes and names, never its parameters, pg's `detail` or `where`, or the
 * values pg's message quotes.
 */
export function errWithoutValues(err: unknown): unknown {
  const pg = findPgError(err);
  const failed = findQuery(err);
  if (!(err instanceof Error) || (!pg && !failed)) return pino.stdSerializers.err(err as Error);
  const frames = (err.stack ?? '').split('\n').filter((l) => /^\s+at /.test(l));
  const cause = failed && (failed as { cause?: unknown }).cause;
  const said = pg ? valueFree(pg) : cause instanceof Error ? cause.message : 'query failed';
  return {
    type: err.constructor.name,
    message: failed ? `Failed query: ${failed.query}: ${said}` : said,
    stack: [`${err.constructor.name}: ${said}`, ...frames].join('\n'),
    ...(failed && { query: failed.query, params: `${failed.params.length} withheld` }),
    ...(pg && {
      code: pg.code,
      table: pg.table,
      column: pg.column,
      constraint: pg.constraint,
      routine: pg.routine,
    }),
  };
}
