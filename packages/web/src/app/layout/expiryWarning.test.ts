import { describe, expect, it } from 'vitest';
import { expiryWarningDays } from './expiryWarning';

const now = new Date(2026, 0, 10, 15, 30);

describe('expiryWarningDays', () => {
  it('counts calendar days when fewer than 5 are left (0 = today)', () => {
    expect(expiryWarningDays('2026-01-10', now)).toBe(0);
    expect(expiryWarningDays('2026-01-11T00:00:00.000Z', now)).toBe(1);
    expect(expiryWarningDays('2026-01-14', now)).toBe(4);
  });

  it('is null from 5 days on, once the date has passed, and without a date', () => {
    expect(expiryWarningDays('2026-01-15', now)).toBeNull();
    expect(expiryWarningDays('2026-01-09', now)).toBeNull();
    expect(expiryWarningDays(null, now)).toBeNull();
    expect(expiryWarningDays('soon', now)).toBeNull();
  });
});
