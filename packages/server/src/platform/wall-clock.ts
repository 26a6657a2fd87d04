/**
 * Local time in a company's zone, the one place that reads it: the business hours and the
 * message variables ({{ms}}, {{date}}, {{hora}}) both come from here.
 */

export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** Building a formatter costs far more than using one: one per zone, kept. */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
        timeZone,
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
        hourCycle: 'h23',
      });
    } catch {
      // An unknown zone name: the product's default zone.
      return formatter(DEFAULT_TIME_ZONE);
    }
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall clock of `at` (ms) in `timeZone`, as a UTC timestamp with the same fields. */
export function wallClock(at: number, timeZone: string): number {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(at))) p[part.type] = Number(part.value);
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
}

/** The calendar day (`YYYY-MM-DD`) `at` falls on in `timeZone`: a company's "today". */
export function dayIn(at: Date, timeZone: string): string {
  return new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 10);
}

/**
 * The instant a request's time value names (`requestTime` in the contracts): with an offset
 * (`Z`, `±HH:MM`, `±HHMM`) as written; without one, the wall clock of `timeZone` (a time skipped
 * by a daylight-saving jump reads at the offset after it: 02:30 on New York's spring-forward day is 03:30 EDT).
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
  const offsetAt = (at: number) => wallClock(at, timeZone) - Math.floor(at / 1000) * 1000;
  const first = fields - offsetAt(fields);
  return new Date(fields - offsetAt(first));
}
