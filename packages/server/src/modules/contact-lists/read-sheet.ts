import { open, readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import { invalid } from '../../platform/errors.js';
import { checkXlsx } from './check-xlsx.js';
import { checkXls } from './check-xls.js';
import { type SheetLimits, type SheetRefusals, sheetRefusals } from './sheet-limits.js';

/**
 * Spreadsheets read row by row. `.xlsx` (a zip of XML) streams through ExcelJS's WorkbookReader:
 * memory stays flat for any number of rows. `.xls` (BIFF8 in a compound file, at most 65,536
 * rows by the format) is read whole by SheetJS, which ExcelJS does not read. The kind is told by
 * the file's first bytes, never by its name. Every read is bounded (`SheetLimits`): the file is
 * checked against them as a stream before either reader builds anything from it.
 */
export type Cell = string | number | null;
export interface SheetRow {
  /** The row's number in the sheet (1 is the first). */
  row: number;
  cells: Cell[];
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function kindOf(path: string, field: string): Promise<'xlsx' | 'xls'> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(8);
    await file.read(head, 0, 8, 0);
    if (head.subarray(0, 4).equals(ZIP)) return 'xlsx';
    if (head.equals(CFB)) return 'xls';
  } finally {
    await file.close();
  }
  throw invalid({ [field]: 'unsupportedType' }, 'Send an .xls or .xlsx sheet in');
}

/** An ExcelJS cell's value as text or a number (rich text joined, a formula's result, dates as ISO). */
function excelCell(v: unknown): Cell {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number') return v;
  if (typeof v === 'boolean') return String(v);
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') {
    const o = v as { richText?: Array<{ text: string }>; text?: unknown; result?: unknown; error?: unknown };
    if (Array.isArray(o.richText)) return o.richText.map((r) => r.text).join('');
    if (o.text !== undefined) return excelCell(o.text);
    if (o.result !== undefined) return excelCell(o.result);
  }
  return null;
}

async function* xlsxRows(path: string): AsyncGenerator<SheetRow> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(path, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'emit',
  });
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) {
      const values = row.values as unknown[];
      // ExcelJS numbers columns from 1: values[0] is always empty.
      yield { row: row.number, cells: values.slice(1).map(excelCell) };
    }
    return; // the first sheet only
  }
}

async function* xlsRows(
  path: string,
  field: string,
  limits: SheetLimits,
  refuse: SheetRefusals,
): AsyncGenerator<SheetRow> {
  let book: XLSX.WorkBook;
  try {
    const data = await readFile(path);
    checkXls(data, limits, refuse);
    book = XLSX.read(data, { type: 'buffer', dense: true, cellDates: true });
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_VALIDATION') throw err;
    throw invalid({ [field]: 'unreadable' }, 'The sheet cannot be read in');
  }
  const sheet = book.Sheets[book.SheetNames[0] ?? ''];
  if (!sheet?.['!ref']) return;
  const start = XLSX.utils.decode_range(sheet['!ref']).s;
  const rows = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, blankrows: true, defval: null, raw: true });
  if (rows.length > limits.rows + 1) throw refuse.rows(limits.rows); // the title row and `rows` below it
  for (const [i, values] of rows.entries()) {
    const cells: Cell[] = Array(start.c).fill(null);
    for (const v of values) cells.push(v instanceof Date ? v.toISOString() : excelCell(v));
    yield { row: start.r + i + 1, cells };
  }
}

/**
 * The first sheet's rows, in order (blank rows may come or not). 400 naming `field` when the file
 * is no .xls/.xlsx, cannot be read, or holds more than `limits` allow (the message names the limit).
 */
export async function* sheetRows(path: string, field: string, limits: SheetLimits): AsyncGenerator<SheetRow> {
  const kind = await kindOf(path, field);
  const refuse = sheetRefusals(field);
  if (kind === 'xls') {
    yield* xlsRows(path, field, limits, refuse);
    return;
  }
  try {
    await checkXlsx(path, limits, refuse);
    yield* xlsxRows(path);
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ERR_VALIDATION') throw err;
    throw invalid({ [field]: 'unreadable' }, 'The sheet cannot be read in');
  }
}
