import { inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { defineJob, handleJob } from './jobs.js';
import { rateEvents } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Limits that must hold across processes and restarts (failed logins, reset requests, signups,
 * wrong API tokens) count rows in PostgreSQL rather than memory.
 */
export interface RateRule {
  kind: string;
  key: string;
  max: number;
  windowMinutes: number;
}

/** An attempt holding its place under its limits until the rows age out of the window. */
export interface Attempt {
  /** Gives the place back (deletes the attempt's rows): for limits that count only failures. */
  release(): Promise<void>;
}

/**
 * Takes an attempt before the work it guards, so a limit holds under concurrency: N requests
 * at once get at most `max` places, never N checks against the same count. In one short
 * transaction: a transaction-scoped advisory lock per distinct (kind, key), taken in one sorted
 * order so two attempts sharing keys queue rather than deadlock; then, in a later statement
 * (under READ COMMITTED it sees what the lock's previous holder committed), the count of every
 * rule and, only when each is under its `max`, one row per distinct (kind, key). A full rule
 * throws 429 `ERR_RATE_LIMITED` and writes nothing. Windows run on the database's clock, as `at` does.
 *
 * Limits that count every attempt keep the place; limits that count only failures call
 * `release()` once the attempt turns out to succeed. An attempt that ends in an unexpected
 * error keeps its place: on doubt, it counts.
 */
export async function takeAttempt(platformDb: Database, rules: readonly RateRule[]): Promise<Attempt> {
  if (rules.length === 0) return { release: async () => {} };
  // One place per distinct (kind, key), named unambiguously (text in PostgreSQL holds no NUL).
  const places = new Map(rules.map((r) => [JSON.stringify([r.kind, r.key]), r]));
  const kinds = [...places.values()].map((r) => r.kind);
  const keys = [...places.values()].map((r) => r.key);
  const ids = await platformDb.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(k)
      from (select distinct hashtextextended(n, 0) as k from unnest(${sql.param([...places.keys()])}::text[]) as n
            order by k) locks`);
    const { rows } = await tx.execute<{ id: number }>(sql`
      with full_rule as (
        select 1 from unnest(
          ${sql.param(rules.map((r) => r.kind))}::text[],
          ${sql.param(rules.map((r) => r.key))}::text[],
          ${sql.param(rules.map((r) => r.max))}::int[],
          ${sql.param(rules.map((r) => r.windowMinutes))}::int[]
        ) as r(kind, key, max, window_minutes)
        where (select count(*) from rate_events e
               where e.kind = r.kind and e.key = r.key and e.at > now() - make_interval(mins => r.window_minutes)) >= r.max
      )
      insert into rate_events (kind, key)
      select kind, key from unnest(${sql.param(kinds)}::text[], ${sql.param(keys)}::text[]) as p(kind, key)
      where not exists (select 1 from full_rule)
      returning id`);
    return rows.map((r) => r.id);
  });
  if (ids.length === 0) throw new AppError('ERR_RATE_LIMITED', 'Too many attempts, try again in a few minutes');
  let held = ids;
  return {
    async release() {
      if (held.length === 0) return;
      const gone = held;
      held = [];
      await platformDb.delete(rateEvents).where(inArray(rateEvents.id, gone));
    },
  };
}

/** Rows older than a day count for no rule (the longest window is an hour): the hourly job drops them. */
export async function pruneRateEvents(platformDb: Database): Promise<number> {
  const gone = await platformDb
    .delete(rateEvents)
    .where(lt(rateEvents.at, new Date(Date.now() - 24 * 3600_000)))
    .returning({ id: rateEvents.id });
  return gone.length;
}

/** Rate-limit rows past any window, hourly. */
export const pruneRateEventsJobDef = defineJob({
  name: 'rate-events-prune',
  version: 1,
  schema: z.object({ companyId: z.null() }),
  retryLimit: 0,
  cron: { expression: '17 * * * *', payload: { companyId: null } },
});

export const rateEventJobs = [
  handleJob({
    spec: pruneRateEventsJobDef,
    concurrency: 1,
    handle: async (_payload, { log, deps }: { log: Logger; deps: { pools: { platformDb: Database } } }) => {
      const pruned = await pruneRateEvents(deps.pools.platformDb);
      if (pruned > 0) log.info({ pruned }, 'old rate-limit rows pruned');
    },
  }),
];
