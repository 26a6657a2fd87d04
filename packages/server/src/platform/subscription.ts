import { inArray } from 'drizzle-orm';
import type { Database, Tx } from '../db/client.js';
import { companies } from '../db/schema/index.js';
import { dayIn } from './wall-clock.js';

/** What decides whether a company's subscription runs. */
export interface CompanyTerms {
  status: boolean;
  /** The last day the subscription runs (`YYYY-MM-DD`), in the company's `timezone`. */
  dueDate: string | null;
  timezone: string;
}

/**
 * The one rule of expiry: a company works while its status is on and its due day has not passed
 * in its own time zone — through the whole of that day (none: never due). Past it, HTTP answers 402 (guard.ts, login, the external API), the socket is
 * refused and closed (realtime-expiry.ts), campaigns and schedules wait (their sweeps); inbound
 * messages are still stored. Super users are let in whatever their company's terms
 * (`subscriptionActive` in session.ts), so the operator can always put a date right.
 */
export function companyActive(c: CompanyTerms, now = new Date()): boolean {
  if (!c.status) return false;
  return c.dueDate === null || c.dueDate >= dayIn(now, c.timezone);
}

/** Of `companyIds`, those whose subscription does not run now (one read; call it on the platform path). */
export async function expiredCompanies(db: Database | Tx, companyIds: readonly number[]): Promise<Set<number>> {
  if (companyIds.length === 0) return new Set();
  const rows = await db
    .select({ id: companies.id, status: companies.status, dueDate: companies.dueDate, timezone: companies.timezone })
    .from(companies)
    .where(inArray(companies.id, [...companyIds]));
  const now = new Date();
  return new Set(rows.filter((c) => !companyActive(c, now)).map((c) => c.id));
}
