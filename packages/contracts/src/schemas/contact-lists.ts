import { z } from 'zod';
import { editOf, name2to50, pageQuery, ref } from './common.js';
import { contactEmail, contactNumber } from './contacts.js';

/** `POST /contact-lists`: a list of people a campaign writes to; its name 2–50 characters. */
export const contactListBody = z.object({ name: name2to50 });
export type ContactListBody = z.infer<typeof contactListBody>;
/** `PUT /contact-lists/{id}`. */
export const contactListUpdateBody = editOf(contactListBody);
export type ContactListUpdateBody = z.infer<typeof contactListUpdateBody>;

/** `GET /contact-lists`: lists whose name contains `searchParam` (any case), by name, 20 a page. */
export const contactListsQuery = pageQuery;
export type ContactListsQuery = z.infer<typeof contactListsQuery>;

/** The sheet of `POST /contact-lists/{id}/upload`: multipart field `file`, an .xls or .xlsx file. */
export const CONTACT_LIST_FILE_FIELD = 'file';
export const CONTACT_LIST_FILE_EXTENSIONS = ['.xls', '.xlsx'] as const;
/** The column titles the sheet's first row may use (any case, accents ignored). */
export const CONTACT_LIST_COLUMNS = {
  name: ['name', 'nome'],
  number: ['number', 'numero'],
  email: ['email', 'e-mail'],
} as const;
/**
 * What one sheet may hold; more is refused while the file is read (400 on `file`, the message
 * naming the limit): `rows` below the title row (the first sheet's; any sheet of an .xlsx), `cells`
 * in a sheet, and `texts`, the distinct texts a file keeps in one table (an .xlsx's shared strings,
 * also counting their rich-text runs; an .xls's string table). A 100,000-contact sheet of name,
 * number and email fits every one.
 */
export const CONTACT_LIST_SHEET_LIMITS = { rows: 100_000, cells: 1_000_000, texts: 400_000 } as const;
/** At most this many refusals are listed in an upload's answer (`refusedCount` counts them all). */
export const CONTACT_LIST_REFUSALS_LISTED = 1_000;

/**
 * `POST /contact-list-items`: one person of a list. `number` as typed (8–50 characters), stored as
 * E.164 digits read in the company's country; one number once per list (409 ERR_DUPLICATED_CONTACT).
 */
export const contactListItemBody = z.object({
  name: name2to50,
  number: contactNumber,
  email: contactEmail,
  contactListId: ref('contactLists'),
});
export type ContactListItemBody = z.infer<typeof contactListItemBody>;
/** `PUT /contact-list-items/{id}`: name, number or email; an item stays in its list. */
export const contactListItemUpdateBody = editOf(contactListItemBody.omit({ contactListId: true }));
export type ContactListItemUpdateBody = z.infer<typeof contactListItemUpdateBody>;

/** `GET /contact-list-items`: the list's items whose name, number or email contains `searchParam`. */
export const contactListItemsQuery = pageQuery.extend({ contactListId: ref('contactLists') });
export type ContactListItemsQuery = z.infer<typeof contactListItemsQuery>;

export interface ContactList {
  id: number;
  name: string;
  /** How many items the list holds. */
  contactsCount: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /contact-lists` (20 a page, by name). */
export interface ContactListPage {
  records: ContactList[];
  count: number;
  hasMore: boolean;
}

/** `GET /contact-lists/list`: every list of the company, by name (pickers). */
export type ContactListOption = Pick<ContactList, 'id' | 'name'>;

export interface ContactListItem {
  id: number;
  name: string;
  /** E.164 digits, no '+'. */
  number: string;
  email: string;
  /** Whether the number has WhatsApp: null until the provider could tell. */
  isWhatsappValid: boolean | null;
  companyId: number;
  contactListId: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /contact-list-items` (20 a page, by name). */
export interface ContactListItemPage {
  contacts: ContactListItem[];
  count: number;
  hasMore: boolean;
}

/** A sheet row that was not stored: its row number in the sheet (the titles are row 1) and why. */
export interface ContactListRefusal {
  row: number;
  name: string;
  number: string;
  /** "field.reason" ("number.invalidNumber", "name.tooShort"), or "columns.missing". */
  error: string;
}

/** `POST /contact-lists/{id}/upload`: every row stored or refused. */
export interface ContactListUploadResult {
  /** Data rows read (blank rows skipped). */
  rows: number;
  /** Items added to the list. */
  added: number;
  /** Rows whose number the list already had (nothing doubled). */
  duplicates: number;
  refusedCount: number;
  /** The first CONTACT_LIST_REFUSALS_LISTED refusals, in sheet order. */
  refused: ContactListRefusal[];
}
