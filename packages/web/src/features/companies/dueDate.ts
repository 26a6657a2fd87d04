import { addMonths } from 'date-fns';
import { RECURRENCE_MONTHS, RECURRENCES, type Recurrence } from '@balcao/contracts';
import { daysUntil, parseCalendarDate, toIsoDate } from '../../lib/dates';

export type DueColour = 'yellow' | 'orange' | 'red' | null;

/**
 * Row colour of a company by its due date. Foundation §4 says: "yellow at 5 days before, orange
 * from 3 days after to 4 days before, red at 4 days after (as given)". Our reading, with
 * d = calendar days from today to the due date (d > 0 before it, d < 0 once it has passed):
 *  - d === 5       → yellow: the first warning; 4 days before already belongs to orange, so
 *                    "from 5 days before" leaves yellow exactly one day wide;
 *  - -3 ≤ d ≤ 4    → orange: from 4 days before, through the due day, to 3 days after;
 *  - d ≤ -4        → red: 4 days after and every later day (a company 10 days overdue is no
 *                    less overdue than one 4 days overdue, so "at" is read as "from");
 *  - d > 5, or no due date → no colour.
 * Days are whole calendar days in the browser's time zone, not 24-hour spans.
 */
export function dueDateColour(dueDate: string | null | undefined, now = new Date()): DueColour {
  const d = daysUntil(dueDate, now);
  if (d === null) return null;
  if (d <= -4) return 'red';
  if (d <= 4) return 'orange';
  if (d === 5) return 'yellow';
  return null;
}

export const DUE_COLOURS: Record<Exclude<DueColour, null>, string> = {
  yellow: '#fff59d',
  orange: '#ffcc80',
  red: '#ef9a9a',
};

const asRecurrence = (r: string | null | undefined): Recurrence =>
  (RECURRENCES as readonly string[]).includes(r ?? '') ? (r as Recurrence) : 'MENSAL';

/**
 * The "expire"/renew action: the due date moves forward by the recurrence's months
 * (MENSAL 1 … ANUAL 12), from the current due date, or from today when there is none.
 */
export function renewedDueDate(dueDate: string | null | undefined, recurrence: string | null | undefined): string {
  const from = parseCalendarDate(dueDate) ?? new Date();
  return toIsoDate(addMonths(from, RECURRENCE_MONTHS[asRecurrence(recurrence)]));
}
