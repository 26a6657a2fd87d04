import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_LIST_SHEET_LIMITS, MAX_CONTACT_UPLOAD_ROWS, type ContactList } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, type Tenant } from '../../../test/support/factories.js';
import type { ApiResponse } from '../../../test/support/client.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { phone } from '../../../test/support/inbox.js';
import { inlineRow, repeated, workbookParts, zipParts, type ZipPart } from '../../../test/support/xlsx-zip.js';
import { routeTable } from '../../platform/route-table.js';
import { XLSX_ZIP_LIMITS } from './sheet-limits.js';

let t: TestApp;
let a: Tenant;
/** A list for the route cases, made before their snapshots. */
let sizeCaseList: ContactList;

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  sizeCaseList = await newList();
});
afterAll(async () => {
  await t?.stop();
});

const snapshot = () => dbSnapshot(t.running.deps.pools.owner);
const TITLE = inlineRow(1, ['nome', 'numero']);

async function newList(): Promise<ContactList> {
  const res = await a.admin.api.post('/api/contact-lists', { name: 'Importada' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ContactList;
}

/** Uploads a sheet; the answer with the time it took and the process's peak RSS growth meanwhile. */
async function upload(file: Buffer, listId?: number): Promise<ApiResponse & { ms: number; rssGrowthMB: number }> {
  const id = listId ?? (await newList()).id;
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(file)]), 'contatos.xlsx');
  const rss0 = process.memoryUsage().rss;
  let peak = rss0;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 10);
  const t0 = performance.now();
  const res = await fetch(`${t.url}/api/contact-lists/${id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${a.admin.token}` },
    body: form,
  });
  const body = (await res.json()) as unknown;
  clearInterval(sampler);
  return {
    status: res.status,
    body,
    headers: res.headers,
    ms: performance.now() - t0,
    rssGrowthMB: (peak - rss0) / 1e6,
  };
}

function expectRefused(res: ApiResponse, reason: string, message: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: reason } });
  expect(res.body.message).toMatch(message);
}

describe('contact-list sheets are bounded while they are read', () => {
  it('millions of tiny shared strings (a 100 kB file): refused at the texts limit, fast, memory flat, nothing written', async () => {
    // 3,000,000 shared strings, sizes after the data as spreadsheet writers stream them (no size
    // to check up front): only counting them as they unpack stops the file.
    const file = await zipParts(
      workbookParts(TITLE, { si: repeated('<si><t>a</t></si>', 3_000_000), sizesAfter: true }),
    );
    expect(file.length).toBeLessThan(200_000);
    const list = await newList();
    const before = await snapshot();
    const res = await upload(file, list.id);
    expectRefused(res, 'tooManyTexts', /at most 400,000 distinct texts/);
    expect(res.ms).toBeLessThan(3_000);
    expect(res.rssGrowthMB).toBeLessThan(50);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('a sheet of more than 100,000 rows below its title row: refused naming the limit, before any row is stored', async () => {
    const rows = function* () {
      yield Buffer.from(TITLE);
      for (let r = 2; r <= CONTACT_LIST_SHEET_LIMITS.rows + 2; r += 1_000) {
        let chunk = '';
        for (let i = r; i < r + 1_000 && i <= CONTACT_LIST_SHEET_LIMITS.rows + 2; i++)
          chunk += inlineRow(i, [`Cliente ${i}`, `55119${20_000_000 + i}`]);
        yield Buffer.from(chunk);
      }
    };
    const list = await newList();
    const before = await snapshot();
    const res = await upload(await zipParts(workbookParts(rows())), list.id);
    expectRefused(res, 'tooManyRows', /at most 100,000 rows below its title row/);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('a zip bomb: a part unpacking past its declared size, or past the whole limit, is refused as it unpacks', async () => {
    const zeros = (mb: number) => repeated('\0'.repeat(1024), mb * 1024);
    const bomb = (part: Omit<ZipPart, 'name'>) =>
      zipParts([...workbookParts(TITLE), { name: 'xl/media/image1.png', ...part }]);

    // The header says 1 kB; it unpacks to 20 MB.
    const lying = await bomb({ data: zeros(20), declaredSize: 1024 });
    expectRefused(await upload(lying), 'unreadable', /damaged/);

    // No size up front (bit 3); 129 MB of zeros in a 130 kB file.
    const limitMB = XLSX_ZIP_LIMITS.unpackedBytes / 1024 / 1024;
    const huge = await bomb({ data: zeros(limitMB + 1), sizesAfter: true });
    expect(huge.length).toBeLessThan(1_000_000);
    const res = await upload(huge);
    expectRefused(res, 'tooLarge', new RegExp(`unpack to at most ${limitMB} MB`));
    expect(res.rssGrowthMB).toBeLessThan(50);

    // The same, declared honestly: refused from its header, nothing unpacked.
    const declared = await bomb({ data: zeros(limitMB + 1) });
    const early = await upload(declared);
    expectRefused(early, 'tooLarge', /at most/);
  });

  it('a hand-made sheet under the limits (shared strings, rich text, inline text) still imports', async () => {
    const [ana, bia] = [phone(), phone()];
    const file = await zipParts(
      workbookParts(
        `${TITLE}${inlineRow(2, ['Ana Souza', ana])}<row r="3"><c r="A3" t="s"><v>0</v></c><c r="B3" t="s"><v>1</v></c></row>`,
        { si: `<si><t>Bia Lima</t></si><si><r><t>${bia.slice(0, 5)}</t></r><r><t>${bia.slice(5)}</t></r></si>` },
      ),
    );
    const list = await newList();
    const res = await upload(file, list.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 2, added: 2, refusedCount: 0 });
  });
});

/**
 * Every route that takes rows to import, with a request past its size limit. A new route named
 * …/import or …/upload fails the first test until it is listed here with its refusal.
 */
const IMPORT_ROUTES: Record<string, () => Promise<{ status: number; body: any }>> = {
  // A sheet: rows, cells and texts counted as it unpacks (above), the file 50 MB at most.
  'POST /api/contact-lists/:id/upload': async () => {
    const big = await zipParts([
      ...workbookParts(TITLE),
      { name: 'xl/media/big.bin', data: Buffer.alloc(51 * 1024 * 1024), store: true },
    ]);
    return upload(big, sizeCaseList.id);
  },
  // Rows the browser read from a sheet, in chunks: at most MAX_CONTACT_UPLOAD_ROWS a request.
  'POST /api/contacts/upload': () => a.admin.api.post('/api/contacts/upload', tooManyRows()),
  'POST /api/contacts/upload/preview': () => a.admin.api.post('/api/contacts/upload/preview', tooManyRows()),
  // A connection's phone book: the body only names the connection (2 MB body limit).
  'POST /api/contacts/import': () =>
    a.admin.api.post('/api/contacts/import', { whatsappId: 1, pad: 'x'.repeat(3 * 1024 * 1024) }),
  // An Atendechat database is read from its server, never sent: the body names it (2 MB body limit).
  'POST /api/imports/atendechat': async () =>
    t.api
      .as(await t.superToken())
      .post('/api/imports/atendechat', {
        databaseUrl: 'postgres://h/db',
        dryRun: true,
        pad: 'x'.repeat(3 * 1024 * 1024),
      }),
};
const tooManyRows = () =>
  Array.from({ length: MAX_CONTACT_UPLOAD_ROWS + 1 }, (_, i) => ({
    name: `Cliente ${i}`,
    number: '5511944443333',
    email: '',
  }));

describe('every import has a size limit', () => {
  it('lists every import route', () => {
    const imports = routeTable(t.running.app)
      .filter((r) => r.method !== 'GET' && /\/(imports?|upload)(\/|$)/.test(r.url))
      .map((r) => `${r.method} ${r.url}`)
      .sort();
    expect(imports).toEqual(Object.keys(IMPORT_ROUTES).sort());
  });

  for (const [route, overLimit] of Object.entries(IMPORT_ROUTES)) {
    it(`${route}: refused past its limit (400 or 413), nothing written`, async () => {
      const before = await snapshot();
      const res = await overLimit();
      expect([400, 413], JSON.stringify(res.body).slice(0, 300)).toContain(res.status);
      expect(res.body.error).toMatch(/^ERR_(VALIDATION|PAYLOAD_TOO_LARGE)$/);
      expect(changedTables(before, await snapshot())).toEqual([]);
    });
  }
});
