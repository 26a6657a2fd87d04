import { z } from 'zod';
import { editOf, email, isoDay, name2to50, pageQuery, ref, text } from './common.js';

/**
 * A phone number as typed (8–50 characters: "(11) 91234-5678", "+55 11 91234-5678", 8–15 digits).
 * The server reads it in the company's country and stores its E.164 digits without '+'
 * (modules/contacts/phone-number.ts): a number that is none there is refused with
 * `number: invalidNumber`. Only the shape is checked here, so the contracts need no phone
 * metadata (and the web's bundle carries none).
 */
export const contactNumber = text()
  .trim()
  .min(8, 'tooShort')
  .max(50, 'tooLong')
  .regex(/^\+?[\d\s().-]+$/, 'invalidNumber')
  .refine((typed) => /^\d{8,15}$/.test(typed.replace(/\D/g, '')), 'invalidNumber')
  .meta({ examples: ['(11) 94444-3333', '+55 21 98765-4321', '5511933332222', '+1 415 555 2671'] });

/** A valid email, or empty (contacts often have none); blanks count as empty. */
export const contactEmail = z
  .preprocess((v) => (typeof v === 'string' ? v.trim() : v), z.literal('').or(email))
  .default('');

export const extraInfo = z
  .array(z.object({ name: text().trim().min(1, 'required').max(100, 'tooLong'), value: text().max(1000, 'tooLong') }))
  .max(100, 'tooMany');

export const contactBody = z.object({
  name: name2to50,
  number: contactNumber,
  email: contactEmail,
  extraInfo: extraInfo.default([]),
});
export type ContactBody = z.infer<typeof contactBody>;

export const contactUpdateBody = editOf(contactBody);
export type ContactUpdateBody = z.infer<typeof contactUpdateBody>;

/** A day filter; an empty value (a cleared date field) is no filter. */
const dayFilter = z.preprocess((v) => (v === '' ? undefined : v), isoDay.optional());

/**
 * `GET /contacts`: the page query plus creation-day filters, days in the company's time zone:
 * `date` created that day, `dateStart` on or after that day, `dateEnd` on or before that day.
 */
export const contactListQuery = pageQuery
  .extend({ date: dayFilter, dateStart: dayFilter, dateEnd: dayFilter })
  .refine((q) => !q.dateStart || !q.dateEnd || q.dateStart <= q.dateEnd, {
    path: ['dateEnd'],
    message: 'endBeforeStart',
  });
export type ContactListQuery = z.infer<typeof contactListQuery>;

/**
 * `POST /contacts/import`: the phone book of a connection (the company's default when omitted).
 * The spec's page posts no body at all (`api.post("/contacts/import")`): the route reads a request
 * without a body as `{}` (a JSON `null` is still refused).
 */
export const contactImportBody = z.object({ whatsappId: ref('whatsapps').optional() }).default({});
export type ContactImportBody = z.infer<typeof contactImportBody>;

/** One row of an imported sheet: cells may be text or numbers; each row is checked on its own. */
const cell = z
  .union([z.string().max(1000), z.number()])
  .nullable()
  .optional();
export const contactUploadRow = z.object({ name: cell, number: cell, email: cell });
export type ContactUploadRow = z.infer<typeof contactUploadRow>;
export const MAX_CONTACT_UPLOAD_ROWS = 5_000;
export const contactUploadBody = z.array(contactUploadRow).max(MAX_CONTACT_UPLOAD_ROWS, 'tooMany');

/** The checks a sheet row passes before it is inserted. */
export const contactUploadCheck = z.object({ name: name2to50, number: contactNumber, email: contactEmail });

const cellText = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));

export type CheckedContactRow =
  | { ok: true; shown: { name: string; number: string }; contact: z.infer<typeof contactUploadCheck> }
  | { ok: false; shown: { name: string; number: string }; error: string };

/**
 * One sheet row checked by the contracts' rules (the server then reads its number, see
 * modules/contacts/read-contact-row.ts): the contact, or the row's first problem as
 * "field.reason" ("number.invalidNumber"). `shown` is the row as the sheet had it, for error lists.
 */
export function checkContactRow(row: ContactUploadRow): CheckedContactRow {
  const shown = { name: cellText(row.name), number: cellText(row.number) };
  const checked = contactUploadCheck.safeParse({ ...shown, email: cellText(row.email) });
  if (checked.success) return { ok: true, shown, contact: checked.data };
  const issue = checked.error.issues[0]!;
  return { ok: false, shown, error: `${issue.path.join('.') || 'row'}.${issue.message}` };
}

export interface Contact {
  id: number;
  name: string;
  number: string;
  email: string;
  profilePicUrl: string;
  isGroup: boolean;
  extraInfo: Array<{ name: string; value: string }>;
  whatsappId: number | null;
  createdAt: string;
  updatedAt: string;
}

/** `POST /contacts/upload/preview`: per row, in order, the number it would store or its reason. */
export interface ContactUploadPreview {
  rows: Array<{ number: string | null; error: string | null }>;
}

export interface ContactUploadResult {
  newContacts: Contact[];
  /** `error`: "field.reason" (e.g. "number.invalidNumber") or ERR_DUPLICATED_CONTACT. */
  errorBag: Array<{ contact: { name: string; number: string }; error: string }>;
}

/** `GET /contacts` (20 a page, by name): `count` is every contact matching the filters. */
export interface ContactPage {
  contacts: Contact[];
  hasMore: boolean;
  count: number;
}

/** `GET /contacts/list`: every contact of the company, by name (pickers, the CSV export). */
export type ContactOption = Pick<Contact, 'id' | 'name' | 'number' | 'email' | 'profilePicUrl'>;
