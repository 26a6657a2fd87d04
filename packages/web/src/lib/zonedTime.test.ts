import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  formatZoned,
  fromZonedInput,
  toZonedInput,
  wallDateInput,
  zoneLabel,
  zonedNowInput,
  zonedWallDate,
} from './zonedTime';

// The browser's own zone is far from the company's: nothing below may depend on it.
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = saved;
});

const SP = 'America/Sao_Paulo';

describe('a typed date-time on the company’s clock', () => {
  it('is the instant of that wall clock in the company’s zone, whatever the browser’s', () => {
    expect(fromZonedInput('2025-06-14T09:05', SP)).toBe('2025-06-14T12:05:00.000Z');
    expect(fromZonedInput('2025-06-14T09:05', 'Asia/Tokyo')).toBe('2025-06-14T00:05:00.000Z');
    expect(fromZonedInput('2025-01-10T23:30', 'America/New_York')).toBe('2025-01-11T04:30:00.000Z');
    // Summer time: New York is UTC-4 in July.
    expect(fromZonedInput('2025-07-10T23:30', 'America/New_York')).toBe('2025-07-11T03:30:00.000Z');
  });

  it('comes back as the same wall clock, and shows as dd/MM/yyyy HH:mm there', () => {
    expect(toZonedInput('2025-06-14T12:05:00Z', SP)).toBe('2025-06-14T09:05');
    expect(toZonedInput(fromZonedInput('2025-12-31T23:59', SP), SP)).toBe('2025-12-31T23:59');
    expect(formatZoned('2025-06-14T23:30:00Z', 'Europe/Lisbon')).toBe('15/06/2025 00:30');
    expect(formatZoned('2025-06-14T12:05:00Z', SP)).toBe('14/06/2025 09:05');
  });

  it('a time skipped or repeated by a daylight-saving change reads as the server reads it (platform/wall-clock.ts)', () => {
    // New York jumped from 02:00 to 03:00 on 2025-03-09 and went back on 2025-11-02.
    expect(fromZonedInput('2025-03-09T02:30', 'America/New_York')).toBe('2025-03-09T06:30:00.000Z');
    expect(fromZonedInput('2025-11-02T01:30', 'America/New_York')).toBe('2025-11-02T05:30:00.000Z');
  });

  it('empty is none; what is not a date-time is left for the contracts to refuse', () => {
    expect(fromZonedInput('', SP)).toBeNull();
    expect(fromZonedInput('  ', SP)).toBeNull();
    expect(fromZonedInput('amanhã', SP)).toBe('amanhã');
    expect(toZonedInput(null, SP)).toBe('');
    expect(toZonedInput('not a date', SP)).toBe('');
    expect(formatZoned(undefined, SP)).toBe('');
  });

  it('an unknown zone name reads as the default zone (São Paulo), as the server does', () => {
    expect(fromZonedInput('2025-06-14T09:05', 'Mars/Olympus')).toBe('2025-06-14T12:05:00.000Z');
  });

  it('now is the company’s wall clock, to the minute', () => {
    const now = new Date('2025-06-14T23:30:15Z');
    expect(zonedNowInput(SP, now)).toBe('2025-06-14T20:30');
    expect(zonedNowInput(SP, now, 60 * 60 * 1000)).toBe('2025-06-14T21:30');
  });

  it('a calendar that knows only the browser’s clock gets the company’s wall clock, and gives it back', () => {
    const d = zonedWallDate('2025-06-14T12:05:00Z', SP);
    expect([d.getHours(), d.getMinutes(), d.getDate()]).toEqual([9, 5, 14]);
    expect(wallDateInput(d)).toBe('2025-06-14T09:05');
  });
});

describe('the zone named beside the field', () => {
  const winter = new Date('2025-01-15T12:00:00Z');
  it('in the app’s languages, with its offset', () => {
    expect(zoneLabel(SP, 'pt', winter)).toMatch(/Brasília \(GMT-3\)$/);
    expect(zoneLabel(SP, 'en', winter)).toMatch(/Brasilia .*\(GMT-3\)$/);
    expect(zoneLabel('Asia/Tokyo', 'es', winter)).toMatch(/Japón \(GMT\+9\)$/);
  });
  it('a zone without a name shows its id', () => {
    expect(zoneLabel('UTC', 'pt', winter)).toBe('UTC (GMT+0)');
  });
});
