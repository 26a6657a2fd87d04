import { z } from 'zod';
import { YEAR_OUT_OF_RANGE, yearInRange } from './common.js';

/**
 * A date-only field (a company's or an invoice's `dueDate`): a calendar day, `YYYY-MM-DD`,
 * answered and stored as that day, never as an instant (a UTC midnight is the day before in a
 * browser in São Paulo, and the spec's client saved it back so). A date-time sent for one names
 * the day it writes (its first ten characters, in the writer's own offset).
 */
export const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

/** Whether `value` starts with a real day of the calendar. */
function isCalendarDay(value: string): boolean {
  const m = CALENDAR_DAY.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export const calendarDay = z
  .string()
  .max(40, 'tooLong')
  .refine(isCalendarDay, 'invalidDate')
  .refine((v) => !CALENDAR_DAY.test(v) || yearInRange(Number(v.slice(0, 4))), YEAR_OUT_OF_RANGE)
  .transform((v) => v.slice(0, 10))
  .meta({ examples: ['2099-12-31'] });
