import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultSendAt, slotSendAt } from './sendAt';

// The browser is in Tokyo, the company in São Paulo: the form follows the company.
let saved: string | undefined;
beforeAll(() => {
  saved = process.env.TZ;
  process.env.TZ = 'Asia/Tokyo';
});
afterAll(() => {
  process.env.TZ = saved;
});

describe('the schedule form’s date-time', () => {
  const now = new Date('2025-06-15T02:30:15Z'); // 23:30 on the 14th in São Paulo

  it('defaults to one hour from now, on the company’s clock', () => {
    expect(defaultSendAt('America/Sao_Paulo', now)).toBe('2025-06-15T00:30');
  });

  it('a slot keeps its time; a day picked on the month view gets the default time of day', () => {
    expect(slotSendAt(new Date(2025, 6, 3, 14, 0), true, 'America/Sao_Paulo', now)).toBe('2025-07-03T14:00');
    expect(slotSendAt(new Date(2025, 6, 3), false, 'America/Sao_Paulo', now)).toBe('2025-07-03T00:30');
  });
});
