import { describe, expect, it } from 'vitest';
import { companyActive } from './subscription.js';
import { expiredMessage } from './guard.js';

describe('companyActive: a company works through its due day, in its own zone', () => {
  // 22:30 of 6 January in São Paulo; already 7 January in UTC and in Tokyo.
  const evening = new Date('2027-01-07T01:30:00Z');
  const terms = (dueDate: string | null, timezone = 'America/Sao_Paulo', status = true) => ({
    status,
    dueDate,
    timezone,
  });

  it('is active on its due day and before it, expired the day after', () => {
    expect(companyActive(terms('2027-01-06'), evening)).toBe(true);
    expect(companyActive(terms('2027-01-07'), evening)).toBe(true);
    expect(companyActive(terms('2027-01-05'), evening)).toBe(false);
    expect(companyActive(terms('2027-01-06'), new Date('2027-01-07T03:00:00Z'))).toBe(false);
  });

  it("reads today in the company's time zone, not the server's", () => {
    expect(companyActive(terms('2027-01-06', 'UTC'), evening)).toBe(false);
    expect(companyActive(terms('2027-01-06', 'Asia/Tokyo'), evening)).toBe(false);
    expect(companyActive(terms('2027-01-06', 'Pacific/Pago_Pago'), evening)).toBe(true);
  });

  it('never expires without a due date; never works switched off', () => {
    expect(companyActive(terms(null), evening)).toBe(true);
    expect(companyActive(terms('2099-12-31', 'America/Sao_Paulo', false), evening)).toBe(false);
  });
});

describe('expiredMessage', () => {
  it('writes the due day as DD/MM/YYYY, the same day wherever the server runs', () => {
    expect(expiredMessage('2099-12-31')).toBe('Sua assinatura expirou em 31/12/2099. Entre em contato com o suporte.');
  });
});
