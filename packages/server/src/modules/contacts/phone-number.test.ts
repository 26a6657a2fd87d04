import { describe, expect, it } from 'vitest';
import { contactNumber } from '@balcao/contracts';
import { DEFAULT_PHONE_COUNTRY, parsePhone, storedNumber } from './phone-number.js';

const digits = (typed: string) => parsePhone(typed);

describe('parsePhone: a number as a person types it → E.164 digits', () => {
  it('reads national Brazilian forms in the company’s country (Brazil by default)', () => {
    expect(DEFAULT_PHONE_COUNTRY).toBe('BR');
    expect(digits('(11) 94444-3333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('11944443333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('011 94444-3333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('(11) 3333-4444')).toEqual({ ok: true, number: '551133334444' });
    expect(digits('21 98765 4321')).toEqual({ ok: true, number: '5521987654321' });
  });

  it('keeps a number already in international form', () => {
    expect(digits('+55 (11) 94444-3333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('5511944443333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('55 11 94444-3333')).toEqual({ ok: true, number: '5511944443333' });
    expect(digits('+1 415 555 2671')).toEqual({ ok: true, number: '14155552671' });
    expect(digits('+351 912 345 678')).toEqual({ ok: true, number: '351912345678' });
  });

  it('reads digits that are no number of the company’s country as an international number (a stored foreign contact, a phone book)', () => {
    expect(digits('14155552671')).toEqual({ ok: true, number: '14155552671' });
    expect(digits('351912345678')).toEqual({ ok: true, number: '351912345678' });
  });

  it('keeps a Brazilian mobile without its ninth digit as typed (WhatsApp still knows many so), inventing no digit', () => {
    expect(digits('(11) 8444-3333')).toEqual({ ok: true, number: '551184443333' });
    expect(digits('551184443333')).toEqual({ ok: true, number: '551184443333' });
    expect(digits('+55 21 9876-5432')).toEqual({ ok: true, number: '552198765432' });
  });

  it('refuses what is no phone number, with a reason', () => {
    expect(digits('(11) 04444-3333')).toEqual({ ok: false, reason: 'invalidNumber' }); // no number starts with 0
    expect(digits('(00) 94444-3333')).toEqual({ ok: false, reason: 'invalidNumber' }); // no area code 00
    expect(digits('1234567890123456789')).toEqual({ ok: false, reason: 'invalidNumber' });
    expect(digits('sem número')).toEqual({ ok: false, reason: 'invalidNumber' });
    expect(digits('+999 000 000 0001')).toEqual({ ok: false, reason: 'invalidNumber' }); // no country
    expect(digits('(11) 2444-333')).toEqual({ ok: false, reason: 'invalidNumber' });
  });

  it('reads in another country when the company’s is another', () => {
    expect(parsePhone('(415) 555-2671', 'US')).toEqual({ ok: true, number: '14155552671' });
    expect(parsePhone('(11) 94444-3333', 'US')).toEqual({ ok: false, reason: 'invalidNumber' });
  });
});

describe('storedNumber and the contracts’ contactNumber', () => {
  it('the contracts check the shape of what was typed; the server stores the digits with the country code', () => {
    expect(contactNumber.parse(' (11) 94444-3333 ')).toBe('(11) 94444-3333');
    expect(contactNumber.safeParse('123').error?.issues[0]?.message).toBe('tooShort');
    expect(contactNumber.safeParse('fale comigo!').error?.issues[0]?.message).toBe('invalidNumber');
    expect(storedNumber('(11) 94444-3333')).toBe('5511944443333');
    expect(storedNumber('+55 11 94444-3333')).toBe('5511944443333');
  });

  it('refuses a number that is none with 400 naming the field and the reason', () => {
    expect(() => storedNumber('(11) 04444-3333')).toThrow(
      expect.objectContaining({ code: 'ERR_VALIDATION', fields: { number: 'invalidNumber' } }),
    );
  });
});
