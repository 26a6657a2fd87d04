/**
 * The product's CSV files (the contacts export, the dashboard's): `;`-separated, lines ended by
 * CRLF, a UTF-8 byte-order mark first (Excel then reads accents right). Cells holding the
 * separator, a quote or a line break are quoted (RFC 4180, quotes doubled). A cell starting with
 * = + - @ (a formula to a spreadsheet) gets a leading apostrophe, so opening the file never runs
 * what a customer typed as their name.
 */
export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value ?? '';
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: each row's cells joined by the separator; an empty row is a blank line. */
export function csvText(rows: ReadonlyArray<ReadonlyArray<string | number | boolean | null | undefined>>): string {
  return `${BOM}${rows.map((cells) => cells.map(csvCell).join(CSV_SEPARATOR)).join('\r\n')}\r\n`;
}
