import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { rateEvents } from '../db/schema/index.js';
import { AppError } from './errors.js';

/**
 * Limits that must hold across processes and restarts (failed logins, reset requests) count
 * rows in PostgreSQL rather than memory.
 */
export interface RateRule {
  kind: string;
  key: string;
  max: number;
  windowMinutes: number;
}

export async function assertUnderLimit(platformDb: Database, rules: RateRule[]): Promise<void> {
  for (const rule of rules) {
    const since = new Date(Date.now() - rule.windowMinutes * 60_000);
    const [row] = await platformDb
      .select({ n: count() })
      .from(rateEvents)
      .where(and(eq(rateEvents.kind, rule.kind), eq(rateEvents.key, rule.key), gt(rateEvents.at, since)));
    if ((row?.n ?? 0) >= rule.max) {
      throw new AppError('ERR_RATE_LIMITED', 'Too many attempts, try again in a few minutes');
    }
  }
}

export async function recordEvents(platformDb: Database, rules: Pick<RateRule, 'kind' | 'key'>[]): Promise<void> {
  if (rules.length === 0) return;
  await platformDb.insert(rateEvents).values(rules.map((r) => ({ kind: r.kind, key: r.key })));
}

/** Rows older than a day count for no rule (the longest window is an hour): the hourly job drops them. */
export async function pruneRateEvents(platformDb: Database): Promise<number> {
  const gone = await platformDb
    .delete(rateEvents)
    .where(lt(rateEvents.at, new Date(Date.now() - 24 * 3600_000)))
    .returning({ id: rateEvents.id });
  return gone.length;
}
