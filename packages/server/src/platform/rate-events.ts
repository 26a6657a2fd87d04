import { inArray, lt, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { z } from 'zod';
import type { Database } from '../db/client.js';
import { defineJob, handleJob } from './jobs.js';
import { rateEvents } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Limits that must hold across processes and restarts (failed logins, reset requests, signups,
 * wrong API tokens, the API's requests a minute) count rows in PostgreSQL rather than memory.
 */
export interface RateRule {
  kind: string;
  key: string;
  max: number;
  windowMinutes: number;
}

/** A place taken and not yet settled is a row of this kind suffix: in flight, neither success nor failure. */
const IN_FLIGHT = ':in-flight';
/** An attempt in flight longer than this counts as failed (its process died before settling it): on doubt, it counts. */
const STALE_SECONDS = 120;
/** How long an attempt waits for a place held by attempts in flight before it is refused. */
const WAIT_MS = 20_000;
/** Between two looks at the places when no attempt of this process settles one (another process may). */
const POLL_MS = 200;

const stale = sql.raw(`interval '${STALE_SECONDS} seconds'`);
/** 429, with `Retry-After` when known: the seconds until a place frees. */
const limited = (retryAfter?: number) =>
  new AppError('ERR_RATE_LIMITED', 'Too many attempts, try again in a few minutes', {
    ...(retryAfter ? { headers: { 'retry-after': String(retryAfter) } } : {}),
  });
const placeName = (r: RateRule) => JSON.stringify([r.kind, r.key]);

type Claim = { ids: number[] } | { refused: number } | 'busy';
type Look = { refused: boolean; busy: boolean; retry_after: number | null };

/**
 * One look at the places, in one short transaction: a transaction-scoped advisory lock per
 * distinct (kind, key), taken in one sorted order so two attempts sharing keys queue rather than
 * deadlock; then, in later statements (under READ COMMITTED they see what the lock's previous
 * holder committed), each rule's counts and, only when every rule has room, one row per distinct
 * (kind, key). A rule whose settled rows reach `max` refuses; one full only with attempts still in
 * flight is busy. Windows run on the database's clock, as `at` does.
 */
async function claim(platformDb: Database, rules: readonly RateRule[], inFlight: boolean): Promise<Claim> {
  const places = new Map(rules.map((r) => [placeName(r), r]));
  const suffix = inFlight ? IN_FLIGHT : '';
  return platformDb.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(k)
      from (select distinct hashtextextended(n, 0) as k from unnest(${sql.param([...places.keys()])}::text[]) as n
            order by k) locks`);
    const { rows } = await tx.execute<Look>(sql`
      with r as (
        select * from unnest(
          ${sql.param(rules.map((r) => r.kind))}::text[],
          ${sql.param(rules.map((r) => r.key))}::text[],
          ${sql.param(rules.map((r) => r.max))}::int[],
          ${sql.param(rules.map((r) => r.windowMinutes))}::int[]
        ) as r(kind, key, max, window_minutes)
      ), counted as (
        select r.max,
          -- When the oldest counted row leaves the window (a refused rule is exactly full: refusals write nothing).
          (select min(e.at) + make_interval(mins => r.window_minutes) from rate_events e
           where e.kind = r.kind and e.key = r.key and e.at > now() - make_interval(mins => r.window_minutes)) as frees_at,
          (select count(*) from rate_events e
           where e.kind = r.kind and e.key = r.key and e.at > now() - make_interval(mins => r.window_minutes))
          + (select count(*) from rate_events e
             where e.kind = r.kind || ${IN_FLIGHT} and e.key = r.key
               and e.at > now() - make_interval(mins => r.window_minutes) and e.at <= now() - ${stale})
            as settled,
          (select count(*) from rate_events e
           where e.kind = r.kind || ${IN_FLIGHT} and e.key = r.key and e.at > now() - ${stale})
            as in_flight
        from r
      )
      select coalesce(bool_or(settled >= max), false) as refused,
             coalesce(bool_or(settled + in_flight >= max), false) as busy,
             ceil(extract(epoch from max(frees_at) filter (where settled >= max) - now()))::int as retry_after
      from counted`);
    const [look] = rows as [Look];
    if (look.refused) return { refused: Math.max(1, look.retry_after ?? 60) };
    if (look.busy) return 'busy';
    const inserted = await tx
      .insert(rateEvents)
      .values([...places.values()].map((r) => ({ kind: r.kind + suffix, key: r.key })))
      .returning({ id: rateEvents.id });
    return { ids: inserted.map((r) => r.id) };
  });
}

/**
 * Counts every attempt, taken before the work it guards, so a limit holds under concurrency: N
 * requests at once get at most `max` places, never N checks against the same count. A full rule
 * throws 429 `ERR_RATE_LIMITED` and writes nothing, so a refused request spends no quota.
 */
export async function takeAttempt(platformDb: Database, rules: readonly RateRule[]): Promise<void> {
  if (rules.length === 0) return;
  const got = await claim(platformDb, rules, false);
  if (got === 'busy') throw limited(); // never: rows of every attempt are settled at once
  if ('refused' in got) throw limited(got.refused);
}

/** This process's attempts waiting for a place, per place name: woken when one of its attempts settles a place. */
const waiters = new Map<string, Set<() => void>>();

/** A promise that resolves when an attempt of this process settles one of `names`, registered before the look it follows. */
function wakeOn(names: string[]): { woken: Promise<void>; stop(): void } {
  let wake = () => {};
  const woken = new Promise<void>((resolve) => (wake = resolve));
  for (const n of names) {
    let set = waiters.get(n);
    if (!set) waiters.set(n, (set = new Set()));
    set.add(wake);
  }
  return {
    woken,
    stop() {
      for (const n of names) {
        const set = waiters.get(n);
        set?.delete(wake);
        if (set?.size === 0) waiters.delete(n);
      }
    },
  };
}

const wakeAll = (names: string[]) => {
  for (const n of names) for (const wake of waiters.get(n) ?? []) wake();
};

/**
 * Runs `work` under limits that count only failures. Before the work, the attempt takes a place
 * in flight under every rule: settled failures reaching `max` refuse it at once (429), while
 * places held only by attempts still in flight make it wait for one of them to settle (up to
 * `WAIT_MS`, then 429) — so N attempts at once run at most `max` at a time and never count one
 * that succeeds. When `work` returns, the place is given back; when it throws, the place becomes
 * a failure if `isFailure(error)` says so (default: any error — on doubt, it counts), else it is
 * given back. A failure counts from when its attempt began.
 */
export async function limitFailures<T>(
  platformDb: Database,
  rules: readonly RateRule[],
  work: () => Promise<T>,
  isFailure: (error: unknown) => boolean = () => true,
): Promise<T> {
  if (rules.length === 0) return work();
  const names = [...new Set(rules.map(placeName))];
  const deadline = Date.now() + WAIT_MS;
  let ids: number[];
  for (;;) {
    const wait = wakeOn(names);
    try {
      const got = await claim(platformDb, rules, true);
      if (got !== 'busy' && 'refused' in got) throw limited(got.refused);
      if (got !== 'busy') {
        ids = got.ids;
        break;
      }
      if (Date.now() >= deadline) throw limited();
      await Promise.race([wait.woken, new Promise((r) => setTimeout(r, POLL_MS))]);
    } finally {
      wait.stop();
    }
  }
  const settle = async (failed: boolean) => {
    if (failed) {
      await platformDb
        .update(rateEvents)
        .set({ kind: sql`left(${rateEvents.kind}, ${sql.raw(String(-IN_FLIGHT.length))})` })
        .where(inArray(rateEvents.id, ids));
    } else {
      await platformDb.delete(rateEvents).where(inArray(rateEvents.id, ids));
    }
    wakeAll(names);
  };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await settle(isFailure(error));
    throw error;
  }
  await settle(false);
  return result;
}

/** Rows older than two hours count for no rule (the longest window is an hour): the hourly job drops them. */
export async function pruneRateEvents(platformDb: Database): Promise<number> {
  const gone = await platformDb
    .delete(rateEvents)
    .where(lt(rateEvents.at, new Date(Date.now() - 2 * 3600_000)))
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
