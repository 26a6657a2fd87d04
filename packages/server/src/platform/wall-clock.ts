/**
 * Local time in a company's zone, the one place that reads it: the business hours and the
 * message variables ({{ms}}, {{date}}, {{hora}}) both come from here.
 */

import { DEFAULT_TIME_ZONE, instantOfWall, wallClock } from '@balcao/contracts';

// The arithmetic is shared with the web's typed-date fields (contracts' wall-clock.ts).
export { DEFAULT_TIME_ZONE, wallClock };

/** The calendar day (`YYYY-MM-DD`) `at` falls on in `timeZone`: a company's "today". */
export function dayIn(at: Date, timeZone: string): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a request's time value names (`requestTime` in the contracts): with an offset
 * (`Z`, `±HH:MM`, `±HHMM`) as written; without one, the wall clock of `timeZone` (`instantOfWall`).
 */
export function instantOf(value: string, timeZone: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|([+-])(\d{2}):?(\d{2}))?$/.exec(
    value,
  );
  if (!m) throw new RangeError(`not a time value: ${value}`);
  const n = (i: number) => Number(m[i] ?? 0);
  const ms = m[7] ? Math.floor(Number(m[7]) * 1000) : 0;
  const fields = Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6), ms);
  if (m[8] !== undefined) {
    const offsetMinutes = m[8] === 'Z' ? 0 : (m[9] === '-' ? -1 : 1) * (n(10) * 60 + n(11));
    return new Date(fields - offsetMinutes * 60_000);
  }
  return new Date(instantOfWall(fields, timeZone));
}
