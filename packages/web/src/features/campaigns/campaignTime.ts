/**
 * Campaign times on the company's clock (`companies.timezone`): the server reads a form's
 * `YYYY-MM-DD HH:mm:ss` on that clock, so the form and the list show the same wall clock,
 * whatever zone the browser is in. Shown as dd/MM/yyyy HH:mm (operations §1).
 */
interface WallClock {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
}

/** The wall clock of an instant in `timeZone` (an unknown zone falls back to the browser's). */
function wallClock(value: string, timeZone: string): WallClock | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  };
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
  } catch {
    format = new Intl.DateTimeFormat('en-US', options);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((p) => [p.type, p.value]));
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
  };
}

/** dd/MM/yyyy HH:mm on the company's clock; '' for none. */
export function formatCompanyTime(value: string | null | undefined, timeZone: string): string {
  const w = value ? wallClock(value, timeZone) : null;
  return w ? `${w.day}/${w.month}/${w.year} ${w.hour}:${w.minute}` : '';
}

/** A `datetime-local` value (`YYYY-MM-DDTHH:mm`) of an instant on the company's clock; '' for none. */
export function toCompanyInput(value: string | null | undefined, timeZone: string): string {
  const w = value ? wallClock(value, timeZone) : null;
  return w ? `${w.year}-${w.month}-${w.day}T${w.hour}:${w.minute}` : '';
}

/** The form's `datetime-local` value as the spec sends it: `YYYY-MM-DD HH:mm:ss`, or null when empty. */
export function toScheduledAt(input: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(:\d{2})?/.exec(input.trim());
  if (!m) return input.trim() === '' ? null : input.trim();
  return `${m[1]} ${m[2]}${m[3] ?? ':00'}`;
}
