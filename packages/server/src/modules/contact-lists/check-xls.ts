import * as XLSX from '@e965/xlsx';
import type { SheetLimits, SheetRefusals } from './sheet-limits.js';

/** BIFF record types that hold one cell each (number, RK, shared string, label, bool/error, formula, rich string, blank). */
const ONE_CELL = new Set([0x0203, 0x027e, 0x00fd, 0x0204, 0x0205, 0x0006, 0x00d6, 0x0201]);
const MULRK = 0x00bd; // 6-byte header+footer, 6 bytes a cell
const MULBLANK = 0x00be; // 6-byte header+footer, 2 bytes a cell
const SST = 0x00fc; // total count (4 bytes), then the unique count SheetJS reads that many strings by

/**
 * An .xls (BIFF in a compound file) is read whole by SheetJS, so its records are walked first,
 * without building anything: cells are counted (an .xls holds at most 65,536 rows by its format)
 * and each string table's declared unique count, the number of strings SheetJS reads, is checked.
 * Refused at the first limit passed.
 */
export function checkXls(data: Buffer, limits: SheetLimits, refuse: SheetRefusals): void {
  const book = XLSX.CFB.read(data, { type: 'buffer' }) as unknown;
  const stream = (XLSX.CFB.find(book, 'Workbook') ?? XLSX.CFB.find(book, 'Book')) as { content?: Uint8Array } | null;
  const content = stream?.content;
  if (!content) return; // SheetJS will say it cannot read it
  const view = Buffer.from(content.buffer, content.byteOffset, content.byteLength);
  let cells = 0;
  for (let at = 0; at + 4 <= view.length;) {
    const type = view.readUInt16LE(at);
    const size = view.readUInt16LE(at + 2);
    const body = at + 4;
    if (ONE_CELL.has(type)) cells++;
    else if (type === MULRK && size > 6) cells += Math.floor((size - 6) / 6);
    else if (type === MULBLANK && size > 6) cells += Math.floor((size - 6) / 2);
    else if (type === SST && size >= 8 && body + 8 <= view.length && view.readUInt32LE(body + 4) > limits.texts)
      throw refuse.texts(limits.texts);
    if (cells > limits.cells) throw refuse.cells(limits.cells);
    at = body + size;
  }
}
