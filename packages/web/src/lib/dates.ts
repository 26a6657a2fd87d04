import { differenceInCalendarDays } from 'date-fns';

const pad = (n: number) => String(n).padStart(2, '0');
const valid = (d: Date) => !Number.isNaN(d.getTime());

/**
 * Due dates are calendar dates. A value like "2025-01-10" or "2025-01-10T00:00:00.000Z" means
 * 10 January wherever the browser is, so the date part is read as a local date (a UTC midnight
 * would otherwise show as the 9th in Brazil).
 */
export function parseCalendarDate(value: string | Date | null | undefined): Date | null {
  if (!value) return null;
  if (value instanceof Date) return valid(value) ? value : null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (m) return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(value);
  return valid(d) ? d : null;
}

/** dd/MM/yyyy (operations §1). */
export const formatDate = (value: string | Date | null | undefined) => {
  const d = parseCalendarDate(value);
  return d ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}` : '';
};

/** dd/MM/yyyy HH:mm of an instant, in the browser's time zone. */
export const formatDateTime = (value: string | null | undefined) => {
  if (!value) return '';
  const d = new Date(value);
  return valid(d)
    ? `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()} ${pad(d.getHours())}:${pad(d.getMinutes())}`
    : '';
};

/** `yyyy-MM-dd` for date inputs and for the API. */
export const toIsoDate = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** Whole calendar days from today to the date (negative once it has passed). */
export const daysUntil = (value: string | Date | null | undefined, now = new Date()) => {
  const d = parseCalendarDate(value);
  return d ? differenceInCalendarDays(d, now) : null;
};
