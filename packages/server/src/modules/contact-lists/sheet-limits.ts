import { CONTACT_LIST_SHEET_LIMITS } from '@balcao/contracts';
import { AppError, invalid } from '../../platform/errors.js';

/** What a sheet read for an import may hold (`sheetRows` requires one: no reader without limits). */
export interface SheetLimits {
  /** Rows below the title row. */
  rows: number;
  cells: number;
  /** Distinct texts: an .xlsx's shared strings (and their rich-text runs), an .xls's string table. */
  texts: number;
}
export const CONTACT_LIST_SHEET: SheetLimits = CONTACT_LIST_SHEET_LIMITS;

const MB = 1024 * 1024;
/**
 * The zip of an .xlsx, checked as it is unpacked before ExcelJS reads it (the reader keeps every
 * shared string and the workbook's parts in memory, and spends CPU on every byte it unpacks):
 * - `unpackedBytes`: all parts together (a 100,000-row, 3-column sheet is ~17 MB);
 * - `textsBytes`: the shared strings' part, which the reader keeps whole;
 * - `smallPartBytes`: the workbook and relationship parts, also parsed into objects;
 * - `stretchBytes`: the longest run of XML without a `<`, so no single text or tag the XML
 *   parser buffers is larger (a cell holds at most 32,767 characters);
 * - `parts`: entries in the zip (a workbook has tens).
 */
export const XLSX_ZIP_LIMITS = {
  unpackedBytes: 128 * MB,
  textsBytes: 32 * MB,
  smallPartBytes: 1 * MB,
  stretchBytes: 1 * MB,
  parts: 1_000,
} as const;

const n = (v: number) => v.toLocaleString('en-US');
const mb = (bytes: number) => `${n(bytes / MB)} MB`;
const over = (field: string, reason: string, message: string, limit: number) =>
  new AppError('ERR_VALIDATION', message, { fields: { [field]: reason }, extra: { limit } });

/** The refusals of a sheet over a limit: 400 on the file's field, the message naming the limit. */
export const sheetRefusals = (field: string) => ({
  rows: (limit: number) =>
    over(field, 'tooManyRows', `A sheet may have at most ${n(limit)} rows below its title row`, limit),
  cells: (limit: number) => over(field, 'tooManyCells', `A sheet may have at most ${n(limit)} cells`, limit),
  texts: (limit: number) => over(field, 'tooManyTexts', `A sheet may hold at most ${n(limit)} distinct texts`, limit),
  unpacked: (limit: number) => over(field, 'tooLarge', `A sheet may unpack to at most ${mb(limit)}`, limit),
  part: (name: string, limit: number) =>
    over(field, 'tooLarge', `The sheet's part ${name} may unpack to at most ${mb(limit)}`, limit),
  stretch: (limit: number) =>
    over(field, 'tooLarge', `A single text or tag of a sheet may hold at most ${mb(limit)}`, limit),
  parts: (limit: number) => over(field, 'tooManyParts', `A sheet file may hold at most ${n(limit)} parts`, limit),
  lying: () => invalid({ [field]: 'unreadable' }, 'The file is damaged (a part unpacks to more than it declares) in'),
});
export type SheetRefusals = ReturnType<typeof sheetRefusals>;
