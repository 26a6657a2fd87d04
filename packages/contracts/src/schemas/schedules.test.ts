import { describe, expect, it } from 'vitest';
import { hasTimeOffset, requestTime } from './common.js';
import { scheduleBody } from './schedules.js';

describe('time values in requests', () => {
  it('reads ISO 8601 with an offset, and YYYY-MM-DD HH:mm:ss without one', () => {
    for (const ok of [
      '2025-06-14T09:30:00-03:00',
      '2025-06-14T12:30:00Z',
      '2025-06-14T12:30:00.123Z',
      '2025-06-14T09:30-0300',
      '2025-06-14 09:30:00',
      '2025-06-14 09:30',
      '2024-02-29 23:59:59',
    ])
      expect(requestTime.safeParse(ok).success, ok).toBe(true);
  });

  it('refuses days and times that do not exist, and other shapes', () => {
    for (const bad of [
      '2025-02-29 10:00:00',
      '2025-13-01 10:00:00',
      '2025-06-14 24:00:00',
      '2025-06-14 10:60:00',
      '2025-06-14T10:00:00+15:00',
      '14/06/2025 10:00',
      '2025-06-14',
      'tomorrow',
      '',
    ])
      expect(requestTime.safeParse(bad).success, bad).toBe(false);
  });

  it('tells whether the offset is given', () => {
    expect(hasTimeOffset('2025-06-14T09:30:00-03:00')).toBe(true);
    expect(hasTimeOffset('2025-06-14T09:30:00Z')).toBe(true);
    expect(hasTimeOffset('2025-06-14 09:30:00')).toBe(false);
    expect(hasTimeOffset('2025-06-14T09:30')).toBe(false);
  });
});

describe('schedules', () => {
  const ok = { body: 'Olá {{firstName}}', contactId: 1, sendAt: '2025-06-14 09:30:00' };
  it('needs a text of 5 characters or more, a contact and a time', () => {
    expect(scheduleBody.safeParse(ok).success).toBe(true);
    expect(scheduleBody.safeParse({ ...ok, body: ' abc ' }).error?.issues[0]?.message).toBe('tooShort');
    for (const field of ['body', 'contactId', 'sendAt'] as const) {
      const { [field]: _, ...rest } = ok;
      expect(scheduleBody.safeParse(rest).error?.issues[0]?.path).toEqual([field]);
    }
  });
});
