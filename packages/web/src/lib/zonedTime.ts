/**
 * One clock for every date a company types: its time zone (`company.timezone`), never the
 * browser's. A `datetime-local` value (`YYYY-MM-DDTHH:mm`) is read as a wall clock in that zone
 * and turned into an instant here (ISO 8601 UTC, what the API answers with), and stored instants
 * come back as that zone's wall clock. Intl alone: no time-zone data shipped with the app.
 */
import { DEFAULT_TIME_ZONE, instantOfWall, wallClock } from '@balcao/contracts';

export { DEFAULT_TIME_ZONE };

const pad = (n: number) => String(n).padStart(2, '0');

const instant = (value: string | Date | null | undefined): Date | null => {
  if (value === null || value === undefined || value === '') return null;
  const d = value instanceof Date ? value : new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** `YYYY-MM-DDTHH:mm` of a wall clock held as UTC fields. */
const inputOf = (wall: number) => new Date(wall).toISOString().slice(0, 16);

/** The `datetime-local` value of an instant on `timeZone`'s clock; '' for none. */
export function toZonedInput(value: string | Date | null | undefined, timeZone: string): string {
  const d = instant(value);
  return d ? inputOf(wallClock(d.getTime(), timeZone)) : '';
}

/** Now, to the minute, on `timeZone`'s clock, as a `datetime-local` value (plus `addMs`). */
export const zonedNowInput = (timeZone: string, now = new Date(), addMs = 0) =>
  toZonedInput(new Date(now.getTime() + addMs), timeZone);

const INPUT = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * The instant (ISO 8601 UTC) a `datetime-local` value names on `timeZone`'s clock; null when
 * empty; anything else is returned as typed, for the contracts' check to refuse. The server's
 * arithmetic (contracts' `instantOfWall`), so a time a daylight-saving change skips or repeats
 * names the instant the server would read from the same text.
 */
export function fromZonedInput(input: string, timeZone: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const m = INPUT.exec(text);
  if (!m) return text;
  const n = (i: number) => Number(m[i] ?? 0);
  const fields = Date.UTC(n(1), n(2) - 1, n(3), n(4), n(5), n(6));
  return new Date(instantOfWall(fields, timeZone)).toISOString();
}

/** dd/MM/yyyy HH:mm of an instant on `timeZone`'s clock (operations §1); '' for none. */
export function formatZoned(value: string | Date | null | undefined, timeZone: string): string {
  const d = instant(value);
  if (!d) return '';
  const w = new Date(wallClock(d.getTime(), timeZone));
  return `${pad(w.getUTCDate())}/${pad(w.getUTCMonth() + 1)}/${w.getUTCFullYear()} ${pad(w.getUTCHours())}:${pad(w.getUTCMinutes())}`;
}

/**
 * For widgets that only know the browser's clock (the calendar): a browser-local Date whose
 * fields are the instant's wall clock in `timeZone`, and back.
 */
export function zonedWallDate(value: string | Date, timeZone: string): Date {
  const w = new Date(wallClock(new Date(value).getTime(), timeZone));
  return new Date(w.getUTCFullYear(), w.getUTCMonth(), w.getUTCDate(), w.getUTCHours(), w.getUTCMinutes());
}

/** The `datetime-local` value of a browser-local Date's own fields (a wall clock made by `zonedWallDate`). */
export const wallDateInput = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/** The Intl locale of the app's languages. */
const INTL_LOCALE: Record<string, string> = { pt: 'pt-BR', en: 'en-US', es: 'es' };

function zonePart(timeZone: string, locale: string, style: 'longGeneric' | 'shortOffset', at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat(INTL_LOCALE[locale] ?? locale, {
      timeZone,
      timeZoneName: style,
    }).formatToParts(at);
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  } catch {
    return timeZone;
  }
}

/**
 * How a field names its zone, in the app's language: "Horário Padrão de Brasília (GMT-3)",
 * "Japan Standard Time (GMT+9)"; a zone without a name shows its id ("UTC (GMT+0)").
 */
export function zoneLabel(timeZone: string, locale: string, at = new Date()): string {
  const offset = zonePart(timeZone, locale, 'shortOffset', at);
  const name = zonePart(timeZone, locale, 'longGeneric', at);
  return `${name.startsWith('GMT') ? timeZone : name} (${offset})`;
}
