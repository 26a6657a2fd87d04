import { describe, expect, it } from 'vitest';
import { calendarDay } from './calendar-day.js';
import { companyUpdateBody } from './companies.js';

const read = (v: unknown) => calendarDay.safeParse(v);

describe('calendarDay: a date-only field', () => {
  it('reads a day as that day, and a date-time as the day it writes', () => {
    for (const [sent, day] of [
      ['2027-01-06', '2027-01-06'],
      ['2028-02-29', '2028-02-29'],
      ['2027-01-06T00:00:00.000Z', '2027-01-06'],
      ['2027-01-06T23:30:00-03:00', '2027-01-06'],
      ['2027-01-06 10:00', '2027-01-06'],
    ]) {
      expect(read(sent).data, sent).toBe(day);
    }
  });

  it('refuses what is not a real day (or a real time after it)', () => {
    for (const sent of [
      '2027-02-29',
      '2027-13-01',
      '2027-00-10',
      '06/01/2027',
      '2027-1-6',
      '2027-01-06Tnoon',
      '2027-01-06T25:00',
      '',
      'x',
    ]) {
      expect(read(sent).error?.issues[0]?.message, sent).toBe('invalidDate');
    }
  });

  it('refuses years outside 1900–9999', () => {
    for (const sent of ['0025-01-06', '1899-12-31', '0000-01-01T00:00:00Z']) {
      expect(
        read(sent).error?.issues.map((i) => i.message),
        sent,
      ).toEqual(['yearOutOfRange']);
    }
    expect(read('1900-01-01').data).toBe('1900-01-01');
    expect(read('9999-12-31').data).toBe('9999-12-31');
  });
});

describe("a company's dueDate", () => {
  it('is null when blank, a day otherwise', () => {
    expect(companyUpdateBody.parse({ dueDate: '' }).dueDate).toBeNull();
    expect(companyUpdateBody.parse({ dueDate: null }).dueDate).toBeNull();
    expect(companyUpdateBody.parse({ dueDate: '2027-01-06T00:00:00.000Z' }).dueDate).toBe('2027-01-06');
  });
});
