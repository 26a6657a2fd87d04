import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as XLSX from '@e965/xlsx';
import { inlineRow, workbookParts, zipParts } from '../../../test/support/xlsx-zip.js';
import { checkXlsx } from './check-xlsx.js';
import { checkXls } from './check-xls.js';
import { sheetRefusals } from './sheet-limits.js';
import { XmlTagCounter } from './xml-tag-counter.js';

const refuse = sheetRefusals('file');
const small = { rows: 2, cells: 6, texts: 2 };
const reasonOf = (err: unknown) => (err as { fields?: Record<string, string> }).fields?.file;

describe('XmlTagCounter', () => {
  const count = (xml: string, chunk: number) => {
    const counter = new XmlTagCounter(
      ['row', 'c', 'si'].map((tag) => ({ tag, max: 100, refuse: () => new Error(tag) })),
      64,
      () => new Error('stretch'),
    );
    const bytes = Buffer.from(xml);
    try {
      for (let i = 0; i < bytes.length; i += chunk) counter.push(bytes.subarray(i, i + chunk));
    } catch (err) {
      return (err as Error).message;
    }
    return ['row', 'c', 'si'].map((tag) => counter.count(tag));
  };

  it('counts start tags only, whole names only, across chunk boundaries', () => {
    for (const chunk of [1, 2, 3, 1000]) {
      expect(count('<row r="1"></row><rowBreaks/><cols/><row/><c\n/><si>', chunk)).toEqual([2, 1, 1]);
    }
  });

  it('refuses a stretch without a `<` longer than its limit, wherever the chunks split it', () => {
    // The stretch after a `<`: `t>` and the text.
    expect(count(`<t>${'a'.repeat(62)}</t>`, 7)).toEqual([0, 0, 0]);
    expect(count(`<t>${'a'.repeat(63)}</t>`, 7)).toBe('stretch');
  });
});

describe('checkXlsx / checkXls', () => {
  let dir: string;
  beforeAll(async () => (dir = await mkdtemp(join(tmpdir(), 'check-sheet-'))));
  afterAll(() => rm(dir, { recursive: true, force: true }));
  const check = async (rows: string, si?: string) => {
    const path = join(dir, 'f.xlsx');
    await writeFile(path, await zipParts(workbookParts(rows, si === undefined ? undefined : { si })));
    return checkXlsx(path, small, refuse).then(
      () => 'ok',
      (err: unknown) => reasonOf(err) ?? String(err),
    );
  };
  const title = inlineRow(1, ['nome']);

  it('lets a sheet at its limits through and refuses one past them', async () => {
    expect(await check(title + inlineRow(2, ['a']) + inlineRow(3, ['b']), '<si><t>x</t></si><si><t>y</t></si>')).toBe(
      'ok',
    );
    expect(await check(title + inlineRow(2, ['a']) + inlineRow(3, ['b']) + inlineRow(4, ['c']))).toBe('tooManyRows');
    expect(await check(title + inlineRow(2, ['a', 'b', 'c', 'd', 'e', 'f']))).toBe('tooManyCells');
    expect(await check(title, '<si><t>x</t></si><si><t>y</t></si><si/>')).toBe('tooManyTexts');
    expect(await check(title, '<si><r><t>x</t></r><r><t>y</t></r><r><t>z</t></r></si>')).toBe('tooManyTexts');
  });

  it('refuses an .xls whose string table or cells pass the limits', () => {
    const xls = (rows: string[][]) => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'S');
      return XLSX.write(book, { bookType: 'biff8', type: 'buffer', bookSST: true }) as Buffer;
    };
    const attempt = (data: Buffer) => {
      try {
        checkXls(data, small, refuse);
        return 'ok';
      } catch (err) {
        return reasonOf(err);
      }
    };
    expect(attempt(xls([['a', 'b']]))).toBe('ok');
    expect(attempt(xls([['a', 'b', 'c']]))).toBe('tooManyTexts');
    expect(attempt(xls([['a'], ['a'], ['a'], ['a'], ['a'], ['a'], ['a']]))).toBe('tooManyCells');
  });
});
