import type { ScheduleDay } from '@balcao/contracts';
import { wallClock } from '../platform/wall-clock.js';

export { DEFAULT_TIME_ZONE } from '../platform/wall-clock.js';

/**
 * Business hours: a week of `{weekdayEn, startTime, endTime}` (HH:MM, the company's local time)
 * read in the company's time zone. A day is open from startTime (inclusive) to endTime
 * (exclusive); "23:59" as endTime means until midnight, so 00:00–23:59 is the whole day. An
 * empty time, or a start not before the end (the spec's Sunday 00:00–00:00), closes the day; a
 * weekday missing from a non-empty week is closed. No schedule at all (an empty list, nothing
 * configured yet) is always open: hours that were never set must not silence the bot.
 */

const WEEKDAYS_BY_UTC_DAY = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];
const DAY_MINUTES = 24 * 60;

interface Span {
  start: number;
  end: number;
}

const minutesOf = (hhmm: string): number | undefined => {
  const m = /^(\d{2}):(\d{2})$/.exec(hhmm);
  return m ? Number(m[1]) * 60 + Number(m[2]) : undefined;
};

/** The open span of each weekday (by weekdayEn); absent = closed. */
function spans(schedules: readonly ScheduleDay[]): Map<string, Span> {
  const byDay = new Map<string, Span>();
  for (const day of schedules) {
    const start = minutesOf(day.startTime);
    let end = minutesOf(day.endTime);
    if (start === undefined || end === undefined) continue;
    if (end === DAY_MINUTES - 1) end = DAY_MINUTES;
    if (start < end) byDay.set(day.weekdayEn, { start, end });
  }
  return byDay;
}

/** The instant whose wall clock in `timeZone` reads `wall` (the later one across a DST change). */
function instantOf(wall: number, timeZone: string): number {
  let t = wall - (wallClock(wall, timeZone) - wall);
  t = wall - (wallClock(t, timeZone) - t);
  return t;
}

/** Weekday name and minute of the day of `now` in `timeZone`, plus the local date at midnight. */
export function localTime(now: Date, timeZone: string) {
  const wall = wallClock(now.getTime(), timeZone);
  const d = new Date(wall);
  return {
    weekdayEn: WEEKDAYS_BY_UTC_DAY[d.getUTCDay()]!,
    minutes: d.getUTCHours() * 60 + d.getUTCMinutes(),
    midnight: Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()),
  };
}

export function isOpen(schedules: readonly ScheduleDay[], now: Date, timeZone: string): boolean {
  return closedSince(schedules, now, timeZone) === null;
}

/**
 * When the closed period `now` falls in began (the last closing time), or null when open now.
 * A week with no opening at all has always been closed: the epoch. The out-of-hours message
 * goes out once per closed period: it was already sent when its time is at or after this.
 */
export function closedSince(schedules: readonly ScheduleDay[], now: Date, timeZone: string): Date | null {
  if (schedules.length === 0) return null;
  const open = spans(schedules);
  const local = localTime(now, timeZone);
  const today = open.get(local.weekdayEn);
  if (today && local.minutes >= today.start && local.minutes < today.end) return null;
  for (let back = 0; back <= 7; back++) {
    const midnight = local.midnight - back * DAY_MINUTES * 60_000;
    const span = open.get(WEEKDAYS_BY_UTC_DAY[new Date(midnight).getUTCDay()]!);
    // Today's span counts only once it has ended (before opening, the last close was earlier).
    if (!span || (back === 0 && span.end > local.minutes)) continue;
    return new Date(instantOf(midnight + span.end * 60_000, timeZone));
  }
  return new Date(0);
}
