import { checkContactRow, type ContactUploadRow } from '@balcao/contracts';
import { parsePhone } from './phone-number.js';

export type ReadContactRow =
  | { ok: true; shown: { name: string; number: string }; contact: { name: string; number: string; email: string } }
  | { ok: false; shown: { name: string; number: string }; error: string };

/**
 * One row of a sheet (or a phone book) as the upload reads it: the contracts' checks, then the
 * number in the company's country. The contact to store (E.164 digits), or the row's reason as
 * "field.reason" ("number.invalidNumber"). The upload and its preview both read rows here.
 */
export function readContactRow(row: ContactUploadRow): ReadContactRow {
  const checked = checkContactRow(row);
  if (!checked.ok) return checked;
  const phone = parsePhone(checked.contact.number);
  if (!phone.ok) return { ok: false, shown: checked.shown, error: `number.${phone.reason}` };
  return { ok: true, shown: checked.shown, contact: { ...checked.contact, number: phone.number } };
}
