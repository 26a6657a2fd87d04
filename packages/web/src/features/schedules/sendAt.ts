/**
 * The new-schedule form's date-time: a `datetime-local` value (`YYYY-MM-DDTHH:mm`, the browser's
 * wall clock) to and from the instants the API speaks (ISO 8601). The calendar shows the same
 * wall clock, so what is picked is what the calendar shows.
 */
const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DDTHH:mm` of an instant, on the browser's clock. */
export function toLocalInput(value: Date | string): string {
  const d = typeof value === 'string' ? new Date(value) : value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The default of a new schedule (operations §5): one hour from now, to the minute. */
export const defaultSendAt = (now = new Date()) => toLocalInput(new Date(now.getTime() + 60 * 60 * 1000));

/** A `datetime-local` value as the API takes it: ISO 8601 with the browser's offset, in UTC. */
export function fromLocalInput(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  if (!m) return value;
  const [, y, mo, d, h, mi, s] = m;
  return new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0)).toISOString();
}
