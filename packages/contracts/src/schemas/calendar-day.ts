import { z } from 'zod';
import { isTimeValue, YEAR_OUT_OF_RANGE, yearInRange } from './common.js';

/**
 * A date-only field (a company's or an invoice's `dueDate`): a calendar day, `YYYY-MM-DD`,
 * answered and stored as that day, never as an instant (a UTC midnight is the day before in a
 * browser in São Paulo, and the spec's client saved it back so). A date-time sent for one (a time
 * value as `requestTime` reads it) names the day it writes: its first ten characters, in the
 * writer's own offset.
 */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real day of the calendar, alone or leading a real time. */
const isCalendarDay = (value: string) => isTimeValue(DAY.test(value) ? `${value}T00:00` : value);

export const calendarDay = z
  .string()
  .max(40, 'tooLong')
  .refine(isCalendarDay, 'invalidDate')
  .refine((v) => !isCalendarDay(v) || yearInRange(Number(v.slice(0, 4))), YEAR_OUT_OF_RANGE)
  .transform((v) => v.slice(0, 10))
  .meta({ examples: ['2099-12-31'] });
