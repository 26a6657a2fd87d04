/**
 * A company's wall clock, shared by the server (business hours, message variables, typed times)
 * and the web (the fields where a company types a date): both read the same text as the same
 * instant. Intl alone: no time-zone data shipped.
 */

/** The zone a company without one (or with a name the runtime does not know) is read in. */
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

/**
 * The instant (ms) whose wall clock in `timeZone` shows `fields` (a UTC timestamp with the wall
 * clock's fields). A time a daylight-saving jump skips reads at the offset after it (02:30 on New
 * York's spring-forward day is 03:30 EDT); a repeated one, at the first.
 */
export function instantOfWall(fields: number, timeZone: string): number {
  const offsetAt = (at: number) => wallClock(at, timeZone) - Math.floor(at / 1000) * 1000;
  const first = fields - offsetAt(fields);
  return fields - offsetAt(first);
}
