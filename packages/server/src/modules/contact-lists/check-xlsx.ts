import { createReadStream } from 'node:fs';
import unzipper, { type Entry } from 'unzipper';
import { type SheetLimits, type SheetRefusals, XLSX_ZIP_LIMITS as ZIP } from './sheet-limits.js';
import { XmlTagCounter } from './xml-tag-counter.js';

/** How ExcelJS's WorkbookReader tells its parts (the same patterns, so the same parts are checked). */
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /xl\/worksheets\/sheet\d+[.]xml/;
const PARSED_WHOLE = /(^xl\/workbook\.xml|\.rels)$/;

/** A part's limits: the bytes it may unpack to, and the tags counted in it. */
function partRules(path: string, limits: SheetLimits, refuse: SheetRefusals) {
  const counter = (tags: ConstructorParameters<typeof XmlTagCounter>[0]) =>
    new XmlTagCounter(tags, ZIP.stretchBytes, () => refuse.stretch(ZIP.stretchBytes));
  if (path === SHARED_STRINGS)
    return {
      maxBytes: ZIP.textsBytes,
      // Each <si> is kept as a string, each rich-text run <r> as an object.
      counter: counter([
        { tag: 'si', max: limits.texts, refuse: () => refuse.texts(limits.texts) },
        { tag: 'r', max: limits.texts, refuse: () => refuse.texts(limits.texts) },
      ]),
    };
  if (SHEET.test(path))
    return {
      maxBytes: ZIP.unpackedBytes,
      counter: counter([
        { tag: 'row', max: limits.rows + 1, refuse: () => refuse.rows(limits.rows) },
        { tag: 'c', max: limits.cells, refuse: () => refuse.cells(limits.cells) },
      ]),
    };
  if (PARSED_WHOLE.test(path)) return { maxBytes: ZIP.smallPartBytes, counter: counter([]) };
  return { maxBytes: ZIP.unpackedBytes, counter: undefined };
}

/**
 * Unpacks an .xlsx as a stream, before ExcelJS reads it, and refuses it at the first limit
 * passed: too many parts, rows, cells or shared strings, a part or the whole unpacking to more
 * than its limit, or a part unpacking to more than its header declares (a zip bomb). Nothing is
 * kept: memory stays flat, and a hostile file costs only the bytes read up to its refusal. The
 * zip is read by the library ExcelJS reads it with (unzipper), entry by entry from the local
 * headers as ExcelJS does, never from the central directory, which a crafted zip may make tell
 * other parts.
 */
export async function checkXlsx(path: string, limits: SheetLimits, refuse: SheetRefusals): Promise<void> {
  const file = createReadStream(path);
  const zip = file.pipe(unzipper.Parse({ forceStream: true }));
  // A broken deflate stream fails the zip stream, not the entry being read.
  const broken = new Promise<never>((_, reject) => {
    zip.once('error', reject);
    file.once('error', reject);
  });
  broken.catch(() => {});
  let parts = 0;
  let unpacked = 0;
  try {
    for await (const entry of zip as AsyncIterable<Entry>) {
      if (++parts > ZIP.parts) throw refuse.parts(ZIP.parts);
      const rules = partRules(entry.path, limits, refuse);
      // Bit 3: the sizes follow the data; the header's are no promise.
      const declared =
        entry.vars.flags & 0x08 ? undefined : (entry.vars as { uncompressedSize?: number }).uncompressedSize;
      const partOver = () => refuse.part(entry.path, rules.maxBytes);
      if (declared !== undefined && declared > rules.maxBytes) throw partOver();
      if (declared !== undefined && unpacked + declared > ZIP.unpackedBytes) throw refuse.unpacked(ZIP.unpackedBytes);
      let bytes = 0;
      const read = async () => {
        for await (const chunk of entry as AsyncIterable<Buffer>) {
          bytes += chunk.length;
          unpacked += chunk.length;
          if (declared !== undefined && bytes > declared) throw refuse.lying();
          if (bytes > rules.maxBytes) throw partOver();
          if (unpacked > ZIP.unpackedBytes) throw refuse.unpacked(ZIP.unpackedBytes);
          rules.counter?.push(chunk);
        }
      };
      await Promise.race([read(), broken]);
    }
  } finally {
    zip.destroy();
    file.destroy();
  }
}
