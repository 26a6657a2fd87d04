/**
 * The contacts export (operations §2): `contatos.csv`, `;`-separated, columns name, number,
 * email. Cells holding the separator, a quote or a line break are quoted (RFC 4180, quotes
 * doubled). A cell starting with = + - @ (a formula to a spreadsheet) gets a leading apostrophe,
 * so opening the file never runs what a customer typed as their name. The file starts with a
 * UTF-8 byte-order mark: Excel then reads accents right.
 */
import type { ContactOption } from '@balcao/contracts';

export const CSV_FILE_NAME = 'contatos.csv';
const SEPARATOR = ';';
const BOM = '\uFEFF';

export function csvCell(value: string | null | undefined): string {
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function contactsCsv(contacts: readonly Pick<ContactOption, 'name' | 'number' | 'email'>[]): string {
  const lines = [['name', 'number', 'email'], ...contacts.map((c) => [c.name, c.number, c.email])].map((cells) =>
    cells.map(csvCell).join(SEPARATOR),
  );
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
