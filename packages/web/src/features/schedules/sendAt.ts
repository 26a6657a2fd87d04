/**
 * The schedule form's time, on the company's clock (lib/zonedTime.ts) like every date a company
 * types: the calendar shows the same wall clock, so what is picked is what the calendar shows.
 */
import { wallDateInput, zonedNowInput } from '../../lib/zonedTime';

const HOUR = 60 * 60 * 1000;

/** The default of a new schedule (operations §5): one hour from now, to the minute, on the company's clock. */
export const defaultSendAt = (timeZone: string, now = new Date()) => zonedNowInput(timeZone, now, HOUR);

/**
 * A slot picked on the calendar (whose dates are the company's wall clock): its time, or on the
 * month view (a day only) that day at the default time of day.
 */
export function slotSendAt(at: Date, withTime: boolean, timeZone: string, now = new Date()): string {
  if (withTime) return wallDateInput(at);
  return `${wallDateInput(at).slice(0, 10)}${defaultSendAt(timeZone, now).slice(10)}`;
}
