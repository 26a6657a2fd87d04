import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * .xlsx files written by hand, for what no spreadsheet writer makes: millions of tiny shared
 * strings, a part far larger than the file, or a header that lies about a part's size. Each part
 * is its bytes, or chunks (deflated as they come, so a huge part never sits in memory whole).
 */
export interface ZipPart {
  name: string;
  data: Buffer | Iterable<Buffer>;
  /** Stored instead of deflated. */
  store?: boolean;
  /** The uncompressed size the headers declare (the real one when omitted). */
  declaredSize?: number;
  /** Sizes and checksum in a data descriptor after the data, none in the local header (bit 3), as most writers stream. */
  sizesAfter?: boolean;
}

async function pack(part: ZipPart) {
  const chunks = Buffer.isBuffer(part.data) ? [part.data] : part.data;
  let crc = 0;
  let size = 0;
  const out: Buffer[] = [];
  const deflate = part.store ? undefined : createDeflateRaw({ level: 9 });
  deflate?.on('data', (c: Buffer) => out.push(c));
  for (const chunk of chunks) {
    crc = crc32(chunk, crc);
    size += chunk.length;
    if (!deflate) out.push(chunk);
    else if (!deflate.write(chunk)) await new Promise((r) => deflate.once('drain', r));
  }
  if (deflate) {
    deflate.end();
    await once(deflate, 'end');
  }
  return { crc, size, body: Buffer.concat(out) };
}

/** A zip of the parts, in order (local headers with their sizes, central directory, end record). */
export async function zipParts(parts: ZipPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { crc, size, body } = await pack(part);
    const name = Buffer.from(part.name);
    const declared = part.declaredSize ?? size;
    const head = Buffer.alloc(30);
    head.writeUInt32LE(0x04034b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(part.sizesAfter ? 0x08 : 0, 6);
    head.writeUInt16LE(part.store ? 0 : 8, 8);
    if (!part.sizesAfter) {
      head.writeUInt32LE(crc >>> 0, 14);
      head.writeUInt32LE(body.length, 18);
      head.writeUInt32LE(declared, 22);
    }
    head.writeUInt16LE(name.length, 26);
    const descriptor = Buffer.alloc(part.sizesAfter ? 16 : 0);
    if (part.sizesAfter) {
      descriptor.writeUInt32LE(0x08074b50, 0);
      descriptor.writeUInt32LE(crc >>> 0, 4);
      descriptor.writeUInt32LE(body.length, 8);
      descriptor.writeUInt32LE(declared, 12);
    }
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(part.sizesAfter ? 0x08 : 0, 8);
    entry.writeUInt16LE(part.store ? 0 : 8, 10);
    entry.writeUInt32LE(crc >>> 0, 16);
    entry.writeUInt32LE(body.length, 20);
    entry.writeUInt32LE(declared, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(head, name, body, descriptor);
    central.push(entry, name);
    offset += head.length + name.length + body.length + descriptor.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

/** `count` copies of `unit`, in chunks of about a megabyte. */
export function* repeated(unit: string, count: number): Generator<Buffer> {
  const perChunk = Math.max(1, Math.floor((1024 * 1024) / unit.length));
  const full = Buffer.from(unit.repeat(perChunk));
  for (let left = count; left > 0; left -= perChunk) yield left >= perChunk ? full : Buffer.from(unit.repeat(left));
}

const XML = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * The parts of a one-sheet workbook around a sheet's rows (`<row>` elements, as chunks or text)
 * and, when given, its shared strings (`<si>` elements): what ExcelJS needs to read it.
 */
export function workbookParts(
  rows: Iterable<Buffer> | string,
  sharedStrings?: { si: Iterable<Buffer> | string; store?: boolean; sizesAfter?: boolean },
): ZipPart[] {
  const chunks = (v: Iterable<Buffer> | string) => (typeof v === 'string' ? [Buffer.from(v)] : v);
  const around = function* (open: string, body: Iterable<Buffer>, close: string) {
    yield Buffer.from(open);
    yield* body;
    yield Buffer.from(close);
  };
  const parts: ZipPart[] = [
    {
      name: '[Content_Types].xml',
      data: Buffer.from(
        `${XML}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/><Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>`,
      ),
    },
    {
      name: '_rels/.rels',
      data: Buffer.from(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: Buffer.from(
        `${XML}<workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Contatos" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: Buffer.from(
        `${XML}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="${REL}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
      ),
    },
  ];
  if (sharedStrings)
    parts.push({
      name: 'xl/sharedStrings.xml',
      data: around(`${XML}<sst xmlns="${MAIN}">`, chunks(sharedStrings.si), '</sst>'),
      store: sharedStrings.store,
      sizesAfter: sharedStrings.sizesAfter,
    });
  parts.push({
    name: 'xl/worksheets/sheet1.xml',
    data: around(`${XML}<worksheet xmlns="${MAIN}"><sheetData>`, chunks(rows), '</sheetData></worksheet>'),
  });
  return parts;
}

/** A `<row>` of inline-text cells. */
export const inlineRow = (r: number, cells: string[]) =>
  `<row r="${r}">${cells.map((v, i) => `<c r="${String.fromCharCode(65 + i)}${r}" t="inlineStr"><is><t>${v}</t></is></c>`).join('')}</row>`;
