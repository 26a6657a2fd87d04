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
