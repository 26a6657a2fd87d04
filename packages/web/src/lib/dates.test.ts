import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysUntil, formatDate, parseCalendarDate, toIsoDate } from './dates';

// A browser in São Paulo, where a UTC midnight is still the day before.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'America/Sao_Paulo';
});
afterAll(() => {
  process.env.TZ = zone;
});

describe('date-only fields are calendar days', () => {
  it('shows a day as that day, not as the UTC midnight it would be read as', () => {
    expect(formatDate('2099-12-31')).toBe('31/12/2099');
    expect(formatDate('2027-01-06')).toBe('06/01/2027');
    expect(toIsoDate(parseCalendarDate('2027-01-06')!)).toBe('2027-01-06');
  });

  it('counts days to a due day by the calendar: 0 through the whole of that day', () => {
    expect(daysUntil('2027-01-06', new Date('2027-01-06T23:30:00-03:00'))).toBe(0);
    expect(daysUntil('2027-01-06', new Date('2027-01-07T00:30:00-03:00'))).toBe(-1);
  });

  it("shows an instant (trialExpiration) on the browser's day once it is a Date", () => {
    expect(formatDate(new Date('2027-01-07T01:30:00Z'))).toBe('06/01/2027');
  });
});
