/**
 * Phone numbers as people type them → E.164 digits (no '+'), the form contacts are stored in.
 * libphonenumber-js with its `max` metadata: the smaller `min` set checks lengths only, and would
 * take "(11) 04444-3333" (no Brazilian number starts with 0) and could not tell a mobile from a
 * landline, which the ninth-digit rule below needs. The contracts check only the shape of a typed
 * number: the phone metadata stays on the server (and out of the web's bundle).
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/max';
import { invalid } from '../../platform/errors.js';

/**
 * The country a number without '+' is read in. Balcão serves Brazilian companies, so this is the
 * one place that says so; a per-company setting would be passed to `parsePhone` instead.
 */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'BR';

export type ParsedPhone = { ok: true; number: string } | { ok: false; reason: 'invalidNumber' };

const refused: ParsedPhone = { ok: false, reason: 'invalidNumber' };
const e164Digits = (e164: string) => e164.slice(1);

/**
 * Brazilian mobiles gained a ninth digit (a leading 9) in 2012–2016, yet WhatsApp still names
 * many older accounts by the eight-digit form (55 11 8444-3333). Such a number is valid when the
 * same number with the 9 is a mobile; it is kept as typed, never given a digit it did not have.
 */
function isBrazilianMobileWithoutNinthDigit(nationalNumber: string): boolean {
  if (!/^[1-9]{2}[6-9]\d{7}$/.test(nationalNumber)) return false;
  const withNinth = parsePhoneNumberFromString(`+55${nationalNumber.slice(0, 2)}9${nationalNumber.slice(2)}`);
  return withNinth?.isValid() === true && withNinth.getType() === 'MOBILE';
}

function readAs(text: string, country: CountryCode): string | null {
  const phone = parsePhoneNumberFromString(text, country);
  if (!phone) return null;
  if (phone.isValid()) return e164Digits(phone.number);
  if (phone.countryCallingCode === '55' && isBrazilianMobileWithoutNinthDigit(phone.nationalNumber)) {
    return e164Digits(phone.number);
  }
  return null;
}

/**
 * A typed number in E.164 digits, or why not. With '+' (or the country's international prefix)
 * it is international. Otherwise it is read in `country`: its national form ("(11) 94444-3333"),
 * or with its country code in front ("55 11 94444-3333"); only digits that are no number there are
 * tried as an international number written without '+' (a stored foreign contact, a phone book).
 */
export function parsePhone(typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): ParsedPhone {
  const text = typed.trim();
  const number = readAs(text, country) ?? (/^[\d\s().-]+$/.test(text) ? readAs(`+${text}`, country) : null);
  // The contract stores 8–15 digits; a few tiny countries' numbers are shorter, and are refused.
  return number !== null && /^\d{8,15}$/.test(number) ? { ok: true, number } : refused;
}

/** The stored form (E.164 digits) of a contact's typed number, or a 400 naming `number`. */
export function storedNumber(typed: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const parsed = parsePhone(typed, country);
  if (!parsed.ok) throw invalid({ number: parsed.reason }, 'This is not a phone number');
  return parsed.number;
}

/**
 * A number an integration sends (the external API): read as a typed one, so "(11) 94444-3333"
 * names the same contact as the inbox's 5511944443333; digits no country's plan knows are kept as
 * sent (WhatsApp is the judge there, as it was before numbers were read).
 */
export function apiNumber(digits: string, country: CountryCode = DEFAULT_PHONE_COUNTRY): string {
  const parsed = parsePhone(digits, country);
  return parsed.ok ? parsed.number : digits;
}
