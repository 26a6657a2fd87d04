import { describe, expect, it } from 'vitest';
import { WEEKDAYS, type ScheduleDay } from '@balcao/contracts';
import { closedSince, isOpen, localTime } from './business-hours.js';

/** The spec's default week: Monday to Friday 08:00–18:00, Saturday 08:00–12:00, Sunday closed. */
const defaultWeek: ScheduleDay[] = WEEKDAYS.map(({ weekday, weekdayEn }) => ({
  weekday,
  weekdayEn,
  startTime: weekdayEn === 'sunday' ? '00:00' : '08:00',
  endTime: weekdayEn === 'sunday' ? '00:00' : weekdayEn === 'saturday' ? '12:00' : '18:00',
}));
const everyDay = (startTime: string, endTime: string): ScheduleDay[] =>
  WEEKDAYS.map(({ weekday, weekdayEn }) => ({ weekday, weekdayEn, startTime, endTime }));

const SP = 'America/Sao_Paulo'; // UTC−3 all year
// 2025-06-02 is a Monday.
const at = (iso: string) => new Date(iso);

describe('business hours', () => {
  it('reads the wall clock in the company zone', () => {
    expect(localTime(at('2025-06-02T13:30:00Z'), SP)).toMatchObject({ weekdayEn: 'monday', minutes: 10 * 60 + 30 });
    // 01:00 UTC on Tuesday is still Monday evening in São Paulo.
    expect(localTime(at('2025-06-03T01:00:00Z'), SP)).toMatchObject({ weekdayEn: 'monday', minutes: 22 * 60 });
  });

  it('is open inside the day span, start included, end excluded', () => {
    expect(isOpen(defaultWeek, at('2025-06-02T13:00:00Z'), SP)).toBe(true); // Mon 10:00
    expect(isOpen(defaultWeek, at('2025-06-02T11:00:00Z'), SP)).toBe(true); // Mon 08:00
    expect(isOpen(defaultWeek, at('2025-06-02T10:59:00Z'), SP)).toBe(false); // Mon 07:59
    expect(isOpen(defaultWeek, at('2025-06-02T21:00:00Z'), SP)).toBe(false); // Mon 18:00
    expect(isOpen(defaultWeek, at('2025-06-07T14:00:00Z'), SP)).toBe(true); // Sat 11:00
    expect(isOpen(defaultWeek, at('2025-06-07T15:30:00Z'), SP)).toBe(false); // Sat 12:30
    expect(isOpen(defaultWeek, at('2025-06-08T15:00:00Z'), SP)).toBe(false); // Sun 12:00 (00:00–00:00)
  });

  it('says when the closed period began: the last closing time', () => {
    // Monday 19:00: closed since Monday 18:00.
    expect(closedSince(defaultWeek, at('2025-06-02T22:00:00Z'), SP)).toEqual(at('2025-06-02T21:00:00Z'));
    // Monday 07:00, before opening: closed since Saturday 12:00.
    expect(closedSince(defaultWeek, at('2025-06-02T10:00:00Z'), SP)).toEqual(at('2025-05-31T15:00:00Z'));
    // Sunday: the same period.
    expect(closedSince(defaultWeek, at('2025-06-01T18:00:00Z'), SP)).toEqual(at('2025-05-31T15:00:00Z'));
    expect(closedSince(defaultWeek, at('2025-06-02T13:00:00Z'), SP)).toBeNull();
  });

  it('the same instant is open in one zone and closed in another', () => {
    const instant = at('2025-06-02T20:00:00Z'); // 17:00 in São Paulo, 21:00 in Lisbon
    expect(isOpen(defaultWeek, instant, SP)).toBe(true);
    expect(isOpen(defaultWeek, instant, 'Europe/Lisbon')).toBe(false);
    expect(closedSince(defaultWeek, instant, 'Europe/Lisbon')).toEqual(at('2025-06-02T17:00:00Z'));
  });

  it('finds the closing instant across a daylight-saving change', () => {
    const ny = 'America/New_York';
    // Saturday 8 March 2025 12:00 EST (UTC−5); clocks go forward on Sunday the 9th.
    const sundayMorning = at('2025-03-09T14:00:00Z'); // 10:00 EDT
    expect(closedSince(defaultWeek, sundayMorning, ny)).toEqual(at('2025-03-08T17:00:00Z'));
  });

  it('no schedule at all is always open; a week without opening has always been closed', () => {
    expect(isOpen([], at('2025-06-08T03:00:00Z'), SP)).toBe(true);
    expect(closedSince([], at('2025-06-08T03:00:00Z'), SP)).toBeNull();
    expect(closedSince(everyDay('00:00', '00:00'), at('2025-06-02T13:00:00Z'), SP)).toEqual(new Date(0));
    expect(closedSince(everyDay('', ''), at('2025-06-02T13:00:00Z'), SP)).toEqual(new Date(0));
  });

  it('23:59 as the end means until midnight; a missing weekday is closed', () => {
    expect(isOpen(everyDay('00:00', '23:59'), at('2025-06-03T02:59:30Z'), SP)).toBe(true); // Mon 23:59:30
    const weekdaysOnly = everyDay('09:00', '17:00').filter((d) => !['saturday', 'sunday'].includes(d.weekdayEn));
    expect(isOpen(weekdaysOnly, at('2025-06-07T15:00:00Z'), SP)).toBe(false);
    expect(closedSince(weekdaysOnly, at('2025-06-07T15:00:00Z'), SP)).toEqual(at('2025-06-06T20:00:00Z'));
  });

  it('an unknown zone falls back to São Paulo', () => {
    expect(isOpen(defaultWeek, at('2025-06-02T13:00:00Z'), 'Mars/Olympus')).toBe(true);
    expect(isOpen(defaultWeek, at('2025-06-02T22:00:00Z'), 'Mars/Olympus')).toBe(false);
  });
});
