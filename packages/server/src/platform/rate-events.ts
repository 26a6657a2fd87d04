import { and, count, eq, gt, inArray, lt } from 'drizzle-orm';
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

/** Old rows are useless after a day; the sweep job calls this. */
export async function pruneRateEvents(platformDb: Database, kinds: string[]): Promise<void> {
  await platformDb
    .delete(rateEvents)
    .where(and(inArray(rateEvents.kind, kinds), lt(rateEvents.at, new Date(Date.now() - 24 * 3600_000))));
}
