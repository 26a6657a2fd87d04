import { z } from 'zod';
import { scheduleDay, type ScheduleDay } from '@balcao/contracts';
import { parsePhone } from '../contacts/phone-number.js';

/** Source values as Sequelize left them: anything may be null, numbers may be strings. */
export const str = (v: unknown, fallback = ''): string => (v == null ? fallback : String(v));
export const int = (v: unknown): number | null =>
  v == null || v === '' || !Number.isFinite(Number(v)) ? null : Number(v);
export const bool = (v: unknown): boolean => v === true || v === 1 || v === 'true' || v === '1' || v === 'enabled';
export const time = (v: unknown): Date | null => {
  if (v == null || v === '') return null;
  const d = v instanceof Date ? v : new Date(String(v));
  return Number.isNaN(d.getTime()) ? null : d;
};
/** A calendar day (`YYYY-MM-DD`) from a date, a date-time or a string starting with one. */
export const day = (v: unknown): string | null => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.toISOString().slice(0, 10);
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(str(v));
  return m ? m[1]! : null;
};
/** A source reference's new id (null: no reference, or one not imported). */
export const ref = (map: Map<string, number>, v: unknown) => (v == null ? null : (map.get(String(v)) ?? null));
export const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  (allowed as readonly unknown[]).includes(v) ? (v as T) : undefined;

export type ImportedNumber = { number: string; changed: boolean } | null;

/**
 * A contact's number the product's way (E.164 digits, the 55 rule of modules/contacts); a group's
 * id as it is. Digits no country's plan knows are kept as digits (WhatsApp was the judge there);
 * nothing usable is null.
 */
export function importedNumber(raw: unknown, isGroup = false): ImportedNumber {
  const text = str(raw).trim();
  if (isGroup) return text ? { number: text.replace(/@g\.us$/, ''), changed: false } : null;
  const parsed = parsePhone(text);
  if (parsed.ok) return { number: parsed.number, changed: parsed.number !== text };
  const digits = text.replace(/\D/g, '');
  return /^\d{8,15}$/.test(digits) ? { number: digits, changed: digits !== text } : null;
}

/** A week of opening hours when the source's reads as Balcão's (same shape in Atendechat), else null. */
export function weekOf(v: unknown): ScheduleDay[] | null {
  const parsed = z
    .array(scheduleDay)
    .min(1)
    .safeParse(typeof v === 'string' ? safeJson(v) : v);
  return parsed.success ? parsed.data : null;
}
const safeJson = (s: string): unknown => {
  try {
    return JSON.parse(s) as unknown;
  } catch {
    return null;
  }
};
