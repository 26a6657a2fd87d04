/**
 * The contacts export (operations §2): `contatos.csv`, columns name, number, email, in the
 * product's CSV form (`@balcao/contracts` csv.ts: `;`, quoting, formulas defused, byte-order mark).
 */
import { csvText, type ContactOption } from '@balcao/contracts';

export { csvCell } from '@balcao/contracts';

export const CSV_FILE_NAME = 'contatos.csv';

export function contactsCsv(contacts: readonly Pick<ContactOption, 'name' | 'number' | 'email'>[]): string {
  return csvText([['name', 'number', 'email'], ...contacts.map((c) => [c.name, c.number, c.email])]);
}
