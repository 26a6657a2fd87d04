/**
 * A sheet read from an .xlsx file → the rows `POST /contacts/upload` takes. The first row is a
 * header when it names a column we know (name/nome/nombre, number/número/telefone/whatsapp,
 * email/e-mail/correo — case and accents aside); otherwise the columns are read as A name,
 * B number, C email from the first row on. Numbers stay as the sheet has them (text or number):
 * the server normalises and checks each row.
 */
import type { ContactUploadRow } from '@balcao/contracts';

export type Cell = string | number | boolean | Date | null | undefined;

/** Rows sent per upload request: a progress bar moves, and no request grows large. */
export const UPLOAD_CHUNK = 200;

const HEADERS = {
  name: ['name', 'nome', 'nombre', 'contato', 'contact', 'contacto'],
  number: ['number', 'numero', 'telefone', 'telefono', 'phone', 'whatsapp', 'celular', 'fone', 'tel', 'mobile'],
  email: ['email', 'mail', 'correo', 'correoelectronico'],
} as const;
type Column = keyof typeof HEADERS;

const normalise = (cell: Cell) =>
  String(cell ?? '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z]/g, '');

function headerColumns(first: readonly Cell[]): Partial<Record<Column, number>> | null {
  const found: Partial<Record<Column, number>> = {};
  first.forEach((cell, index) => {
    const word = normalise(cell);
    for (const column of Object.keys(HEADERS) as Column[]) {
      if (found[column] === undefined && (HEADERS[column] as readonly string[]).includes(word)) found[column] = index;
    }
  });
  return found.name !== undefined || found.number !== undefined ? found : null;
}

function cellValue(cell: Cell): string | number | null {
  if (cell === null || cell === undefined) return null;
  if (typeof cell === 'number') return Number.isFinite(cell) ? cell : null;
  if (cell instanceof Date) return cell.toISOString();
  const text = String(cell).trim();
  return text === '' ? null : text;
}

export function sheetRows(data: readonly (readonly Cell[])[]): ContactUploadRow[] {
  if (data.length === 0) return [];
  const header = headerColumns(data[0]!);
  const columns = header ?? { name: 0, number: 1, email: 2 };
  const body = header ? data.slice(1) : data;
  const at = (row: readonly Cell[], column: Column) => {
    const index = columns[column];
    return index === undefined ? null : cellValue(row[index]);
  };
  return body
    .map((row) => ({ name: at(row, 'name'), number: at(row, 'number'), email: at(row, 'email') }))
    .filter((row) => row.name !== null || row.number !== null || row.email !== null);
}

export function chunks<T>(items: readonly T[], size = UPLOAD_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
