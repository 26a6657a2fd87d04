import { describe, expect, it } from 'vitest';
import { filterProblems, filterQuery, formatMinutes, fullDay, shortDay } from './dashboardFilter';

describe('dashboard filter', () => {
  it('asks by period, or by the two dates when no period is chosen', () => {
    expect(filterQuery({ days: 15, from: '2025-01-01', to: '2025-01-31' })).toEqual({ days: 15 });
    expect(filterQuery({ days: '', from: '2025-01-01', to: '2025-01-31' })).toEqual({
      date_from: '2025-01-01',
      date_to: '2025-01-31',
    });
    expect(filterProblems({ days: 7, from: '', to: '' })).toEqual({});
    expect(filterProblems({ days: '', from: '2025-01-31', to: '2025-02-01' })).toEqual({});
  });

  it("says 'select a filter' when there is none, and names a date range's problem", () => {
    expect(filterProblems({ days: '', from: '', to: '' })).toEqual({ days: 'dashboard.filter.selectFilter' });
    expect(filterProblems({ days: '', from: '2025-01-31', to: '' })).toEqual({ date_to: 'validation.required' });
    expect(filterProblems({ days: '', from: '2025-02-01', to: '2025-01-31' })).toEqual({
      date_to: 'validation.endBeforeStart',
    });
    expect(filterProblems({ days: '', from: '2024-01-01', to: '2025-01-01' })).toEqual({
      date_to: 'dashboard.filter.tooLong',
    });
  });

  it('writes minutes and days as people read them', () => {
    expect(formatMinutes(null)).toBe('—');
    expect(formatMinutes(0.4)).toBe('< 1 min');
    expect(formatMinutes(39.8)).toBe('40 min');
    expect(formatMinutes(59.6)).toBe('1 h 00 min');
    expect(formatMinutes(125)).toBe('2 h 05 min');
    expect(shortDay('2025-02-01')).toBe('01/02');
    expect(fullDay('2025-02-01')).toBe('01/02/2025');
  });
});
