import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import type { FileList, FileListPage } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import type { Api } from '../../../test/support/client.js';
import { insertContact, listen, scoped, settle } from '../../../test/support/inbox.js';
import { eq } from 'drizzle-orm';
import { fileListOptions, messages, tickets } from '../../db/schema/index.js';
import { postRaw, rawMultipart, storedFiles } from '../../../test/support/uploads.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { readFileList } from './read-file-list.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
type FileEvent = { action: 'create' | 'update'; record: FileList } | { action: 'delete'; id: number };

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  // A plan with no flags at all: file lists need none.
  a = await createTenant(t);
  b = await createTenant(t);
  ana = await createStaff(t, a, { name: 'Ana' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.stop());

const uid = () => randomBytes(3).toString('hex');
const exists = (key: string) =>
  t.running.deps.storage.get(key).then(
    () => true,
    () => false,
  );

async function fileList(api: Api, body: Record<string, unknown> = {}) {
  const res = await api.post('/api/files', {
    name: `Catálogo ${uid()}`,
    message: 'Veja nossos arquivos',
    options: [{ name: 'Foto' }, { name: 'Tabela' }],
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as FileList;
}

/** The upload form: fields and files in the order given. */
async function upload(token: string, id: number, parts: Array<[string, string | Blob, string?]>) {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const res = await fetch(`${t.url}/api/files/uploadList/${id}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
const file = (data: Buffer, type: string, name: string): [string, Blob, string] => [
  'files',
  new Blob([new Uint8Array(data)], { type }),
  name,
];

describe('POST/GET /api/files', () => {
  it('a plain user creates a list with its options in order (201) and reads it back, with no plan flag', async () => {
    const res = await ana.api.post('/api/files', {
      name: '  Tabela de preços ',
      message: 'Segue nossa tabela',
      options: [{ name: 'Imagem' }, { name: 'PDF' }, { name: 'Áudio' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Tabela de preços',
      message: 'Segue nossa tabela',
      userId: ana.id,
      options: [
        { id: expect.any(Number), name: 'Imagem', path: null, mediaType: null, file: null, mediaUrl: null },
        { name: 'PDF' },
        { name: 'Áudio' },
      ],
    });
    expect((await a.admin.api.get(`/api/files/${res.body.id}`)).body).toEqual(res.body);
    // No options is a list too.
    const bare = await ana.api.post('/api/files', { name: 'Sem opções', message: 'Só texto' });
    expect(bare.status).toBe(201);
    expect(bare.body.options).toEqual([]);
  });

  it('pages of 20 by name with a count, searching the name in any case', async () => {
    const tag = uid();
    for (let i = 0; i < 22; i++) await fileList(ana.api, { name: `Lista ${tag} ${String(i).padStart(2, '0')}` });
    const first = (await ana.api.get(`/api/files?searchParam=LISTA ${tag}`)).body as FileListPage;
    expect(first).toMatchObject({ count: 22, hasMore: true });
    expect(first.files).toHaveLength(20);
    expect(first.files[0]).toMatchObject({ name: `Lista ${tag} 00`, options: [{ name: 'Foto' }, { name: 'Tabela' }] });
    const second = (await ana.api.get(`/api/files?searchParam=lista ${tag}&pageNumber=2`)).body as FileListPage;
    expect(second.files.map((f) => f.name)).toEqual([`Lista ${tag} 20`, `Lista ${tag} 21`]);
    expect(second.hasMore).toBe(false);
    expect((await b.admin.api.get(`/api/files?searchParam=${tag}`)).body).toEqual({
      files: [],
      count: 0,
      hasMore: false,
    });
  });

  it('refuses a short name, no message, an option without a name or naming an id or a path (400 naming it); nothing written', async () => {
    const other = await fileList(ana.api);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const post = (body: Record<string, unknown>) =>
      ana.api.post('/api/files', { name: 'Válido', message: 'Oi', options: [], ...body });
    expectInvalid(await post({ name: 'ab' }), 'name');
    expectInvalid(await post({ message: '  ' }), 'message');
    // A wholly empty row is dropped (the spec's modal opens with one); a kept option must keep its name.
    expectInvalid(
      await ana.api.put(`/api/files/${other.id}`, { options: [{ id: other.options[0]!.id, name: '' }] }),
      'options.0.name',
    );
    expectInvalid(await post({ options: [{ name: 'x' }, { id: other.options[0]!.id, name: 'y' }] }), 'options.1.id');
    expectInvalid(
      await post({ options: [{ name: 'x', path: other.options[0]!.path ?? `${a.companyId}/2025-01/x.png` }] }),
      'options.0.path',
    );
    expectInvalid(await post({ options: Array.from({ length: 51 }, (_, i) => ({ name: `o${i}` })) }), 'options');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});

describe('PUT /api/files/:id', () => {
  it('changes only the fields given; options replace the list: kept by id, new added, missing deleted with their files', async () => {
    const list = await fileList(ana.api, { options: [{ name: 'Foto' }, { name: 'Tabela' }, { name: 'Vídeo' }] });
    const [foto, tabela, video] = list.options;
    const up = await upload(ana.token, list.id, [
      ['fileId', String(foto!.id)],
      file(PNG, 'image/png', 'foto.png'),
      ['fileId', String(tabela!.id)],
      file(PDF, 'application/pdf', 'tabela de preços.pdf'),
    ]);
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    const [fotoKey, tabelaKey] = [up.body.options[0].path as string, up.body.options[1].path as string];

    const renamed = await ana.api.put(`/api/files/${list.id}`, { name: 'Novo nome' });
    expect(renamed.body).toMatchObject({ name: 'Novo nome', message: list.message, options: up.body.options });

    // Tabela first and renamed (file kept), a new option, Foto dropped with its file, Vídeo kept.
    const res = await ana.api.put(`/api/files/${list.id}`, {
      message: 'Nova mensagem',
      options: [
        { id: tabela!.id, name: 'Tabela 2025', path: tabelaKey, mediaType: 'application/pdf' },
        { name: 'Novo' },
        { id: video!.id, name: 'Vídeo' },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ name: 'Novo nome', message: 'Nova mensagem' });
    expect(res.body.options).toEqual([
      {
        id: tabela!.id,
        name: 'Tabela 2025',
        path: tabelaKey,
        mediaType: 'application/pdf',
        file: 'tabela_de_preços.pdf',
        mediaUrl: `/api/files/${list.id}/options/${tabela!.id}/media`,
      },
      { id: expect.any(Number), name: 'Novo', path: null, mediaType: null, file: null, mediaUrl: null },
      { id: video!.id, name: 'Vídeo', path: null, mediaType: null, file: null, mediaUrl: null },
    ]);
    expect(await exists(fotoKey)).toBe(false);
    expect(await exists(tabelaKey)).toBe(true);

    // path null drops the file, the option stays.
    const dropped = await ana.api.put(`/api/files/${list.id}`, {
      options: res.body.options.map((o: { id: number; name: string }, i: number) => ({
        id: o.id,
        name: o.name,
        ...(i === 0 && { path: null }),
      })),
    });
    expect(dropped.body.options[0]).toMatchObject({
      id: tabela!.id,
      path: null,
      mediaType: null,
      file: null,
      mediaUrl: null,
    });
    expect(await exists(tabelaKey)).toBe(false);
  });

  it("refuses another list's option, the same option twice or a path not its own (400 naming it); nothing written", async () => {
    const list = await fileList(ana.api);
    const other = await fileList(ana.api);
    const withFile = await upload(ana.token, other.id, [
      ['id', String(other.options[0]!.id)],
      file(PNG, 'image/png', 'a.png'),
    ]);
    const otherKey = withFile.body.options[0].path as string;
    const theirs = await fileList(b.admin.api);
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const put = (body: Record<string, unknown>) => ana.api.put(`/api/files/${list.id}`, body);
    const mine = list.options[0]!;
    expectInvalid(await put({ options: [{ id: other.options[0]!.id, name: 'x' }] }), 'options.0.id');
    expectInvalid(await put({ options: [{ name: 'a' }, { id: theirs.options[0]!.id, name: 'x' }] }), 'options.1.id');
    expectInvalid(await put({ options: [mine, { ...mine, name: 'again' }] }), 'options.1.id');
    expectInvalid(await put({ options: [{ id: mine.id, name: 'x', path: otherKey }] }), 'options.0.path');
    expectInvalid(await put({ options: [{ name: 'new', path: otherKey }] }), 'options.0.path');
    expectInvalid(await put({ name: 'no' }), 'name');
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
    expect(await exists(otherKey)).toBe(true);
  });
});

describe("another company's list", () => {
  it('is 404 to read, change, upload to, fetch a file of, or delete; it stays as it was', async () => {
    const theirs = await fileList(b.admin.api);
    const up = await upload(b.admin.token, theirs.id, [
      ['fileId', String(theirs.options[0]!.id)],
      file(PNG, 'image/png', 'a.png'),
    ]);
    expect(up.status).toBe(200);
    const before = await storedFiles(t, a.companyId);
    expectNotFound(await ana.api.get(`/api/files/${theirs.id}`));
    expectNotFound(await ana.api.put(`/api/files/${theirs.id}`, { name: 'Tomada' }));
    expectNotFound(
      await upload(ana.token, theirs.id, [['fileId', String(theirs.options[0]!.id)], file(PNG, 'image/png', 'a.png')]),
    );
    expectNotFound(await ana.api.get(up.body.options[0].mediaUrl));
    expectNotFound(await ana.api.delete(`/api/files/${theirs.id}`));
    expect(await storedFiles(t, a.companyId)).toEqual(before);
    expect((await b.admin.api.get(`/api/files/${theirs.id}`)).body).toEqual(up.body);
  });
});

describe('company-{id}-file events', () => {
  it('create, update (the upload too) and delete reach everyone of the company, no one else', async () => {
    const sockets = {
      admin: await connectSocket(t.url, a.admin.token),
      ana: await connectSocket(t.url, ana.token),
      neighbour: await connectSocket(t.url, b.admin.token),
    };
    open.push(...Object.values(sockets));
    const heard = {
      admin: listen<FileEvent>(sockets.admin, `company-${a.companyId}-file`),
      ana: listen<FileEvent>(sockets.ana, `company-${a.companyId}-file`),
      neighbour: listen<FileEvent>(sockets.neighbour, `company-${a.companyId}-file`),
      neighbourOwn: listen<FileEvent>(sockets.neighbour, `company-${b.companyId}-file`),
    };
    const list = await fileList(a.admin.api);
    await ana.api.put(`/api/files/${list.id}`, { name: 'Renomeada' });
    const up = await upload(ana.token, list.id, [
      ['fileId', String(list.options[1]!.id)],
      file(PDF, 'application/pdf', 'b.pdf'),
    ]);
    await ana.api.delete(`/api/files/${list.id}`);
    await settle(t, [a.companyId, b.companyId], Object.values(sockets));
    for (const who of ['admin', 'ana'] as const) {
      const events = heard[who].heard;
      expect(events.map((e) => e.action)).toEqual(['create', 'update', 'update', 'delete']);
      expect(events[0]).toEqual({ action: 'create', record: list, files: list });
      expect(events[1]).toMatchObject({ action: 'update', record: { id: list.id, name: 'Renomeada' } });
      expect(events[2]).toEqual({ action: 'update', record: up.body, files: up.body });
      expect(events[3]).toEqual({ action: 'delete', id: list.id, fileId: list.id });
    }
    expect(heard.neighbour.heard).toEqual([]);
    expect(heard.neighbourOwn.heard).toEqual([]);
  });
});

describe('POST /api/files/uploadList/:id', () => {
  it('attaches each file to the option its field names, serves it, and replaces it (the old file leaves storage)', async () => {
    const list = await fileList(ana.api, { options: [{ name: 'Foto' }, { name: 'Tabela' }, { name: 'Nada' }] });
    const [foto, tabela] = list.options;
    const res = await upload(ana.token, list.id, [
      ['fileId', String(tabela!.id)],
      ['fileId', String(foto!.id)],
      file(PDF, 'application/pdf', 'tabela.pdf'),
      file(PNG, 'image/png', '../minha foto.png'),
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.options).toEqual([
      {
        id: foto!.id,
        name: 'Foto',
        path: expect.stringMatching(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`)),
        mediaType: 'image/png',
        file: 'minha_foto.png',
        mediaUrl: `/api/files/${list.id}/options/${foto!.id}/media`,
      },
      expect.objectContaining({ id: tabela!.id, mediaType: 'application/pdf', file: 'tabela.pdf' }),
      expect.objectContaining({ name: 'Nada', path: null }),
    ]);
    const pngKey = res.body.options[0].path as string;
    expect(await t.running.deps.storage.get(pngKey)).toEqual(PNG);

    const served = await fetch(`${t.url}${res.body.options[0].mediaUrl}`, {
      headers: { authorization: `Bearer ${ana.token}` },
    });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    // An option id under another list's path is not found.
    const elsewhere = await fileList(ana.api);
    expectNotFound(await ana.api.get(`/api/files/${elsewhere.id}/options/${foto!.id}/media`));
    expectNotFound(await ana.api.get(`/api/files/${list.id}/options/${list.options[2]!.id}/media`));

    // The spec's own web: `fileId` once naming the list, `id` per file.
    const replaced = await upload(ana.token, list.id, [
      ['fileId', String(list.id)],
      ['typeArch', 'fileList'],
      file(PDF, 'application/pdf', 'nova.pdf'),
      ['mediaType', 'application/pdf'],
      ['name', 'Foto'],
      ['id', String(foto!.id)],
    ]);
    expect(replaced.status, JSON.stringify(replaced.body)).toBe(200);
    expect(replaced.body.options[0]).toMatchObject({ id: foto!.id, mediaType: 'application/pdf', file: 'nova.pdf' });
    expect(await exists(pngKey)).toBe(false);
    expect(await exists(replaced.body.options[0].path)).toBe(true);
  });

  it('refuses a disguised, unsupported or missing file (400 naming files), one over its kind (413), ids that do not match; nothing stored or changed', async () => {
    const list = await fileList(ana.api);
    const other = await fileList(ana.api);
    const [foto, tabela] = list.options;
    const before = await storedFiles(t, a.companyId);
    const id = (option = foto!) => ['fileId', String(option.id)] as [string, string];
    const png = () => file(PNG, 'image/png', 'a.png');

    const disguised = await upload(ana.token, list.id, [id(), file(PDF, 'image/png', 'a.png')]);
    expect(disguised.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { files: 'typeMismatch' } });
    const gif = await upload(ana.token, list.id, [id(), file(GIF, 'image/gif', 'a.gif')]);
    expect(gif.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { files: 'unsupportedType' } });
    expectInvalid(await upload(ana.token, list.id, [id()]), 'files');
    expectInvalid(await ana.api.post(`/api/files/uploadList/${list.id}`, {}), 'files');

    // An image past 2 MB (within the route's 20 MB): 413 naming the field and the limit.
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    const tooBig = await upload(ana.token, list.id, [id(), file(big, 'image/png', 'big.png')]);
    expectError(tooBig, 413, 'ERR_PAYLOAD_TOO_LARGE');
    expect(tooBig.body).toMatchObject({ fields: { files: 'tooLarge' }, maxBytes: 2 * 1024 * 1024 });
    // The same size as a PDF is fine (20 MB): checked on the kind, not the route.
    const bigPdf = Buffer.concat([PDF, Buffer.alloc(2 * 1024 * 1024)]);

    expectInvalid(await upload(ana.token, list.id, [png()]), 'fileId');
    expectInvalid(await upload(ana.token, list.id, [id(), png(), png()]), 'fileId');
    expectInvalid(await upload(ana.token, list.id, [id(other.options[0]), png()]), 'fileId');
    expectInvalid(await upload(ana.token, list.id, [['fileId', 'abc'], png()]), 'fileId');
    expectInvalid(await upload(ana.token, list.id, [id(), id(), png(), png()]), 'fileId');
    expectInvalid(await upload(ana.token, list.id, [['id', String(other.options[0]!.id)], png()]), 'id');
    const post = (parts: Parameters<typeof rawMultipart>[0], opts?: Parameters<typeof rawMultipart>[1]) =>
      postRaw(`${t.url}/api/files/uploadList/${list.id}`, rawMultipart(parts, opts), {
        authorization: `Bearer ${ana.token}`,
      });
    for (const type of ['__proto__', 'constructor'])
      expectInvalid(
        await post([
          { name: 'fileId', value: String(foto!.id) },
          { name: 'files', value: PNG, filename: 'a.png', type },
        ]),
        'files',
      );
    expectError(
      await post(
        [
          { name: 'fileId', value: String(foto!.id) },
          { name: 'files', value: PNG, filename: 'a.png', type: 'image/png' },
        ],
        { truncate: true },
      ),
      400,
      'ERR_VALIDATION',
    );
    expect(await storedFiles(t, a.companyId)).toEqual(before);
    expect((await ana.api.get(`/api/files/${list.id}`)).body).toEqual(list);

    const ok = await upload(ana.token, list.id, [id(tabela), file(bigPdf, 'application/pdf', 'big.pdf')]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });
});

describe('DELETE /api/files/:id', () => {
  it('removes the list, its options and their files (204)', async () => {
    const list = await fileList(ana.api);
    const up = await upload(ana.token, list.id, [
      ['fileId', String(list.options[0]!.id)],
      ['fileId', String(list.options[1]!.id)],
      file(PNG, 'image/png', 'a.png'),
      file(PDF, 'application/pdf', 'b.pdf'),
    ]);
    const keys = up.body.options.map((o: { path: string }) => o.path);
    for (const key of keys) expect(await exists(key)).toBe(true);
    expect((await ana.api.delete(`/api/files/${list.id}`)).status).toBe(204);
    expectNotFound(await ana.api.get(`/api/files/${list.id}`));
    for (const key of keys) expect(await exists(key)).toBe(false);
    expectNotFound(await ana.api.delete(`/api/files/${list.id}`));
  });

  it('keeps a file a message still shows (a campaign sent it) when its option lets it go or the list goes', async () => {
    const list = await fileList(ana.api);
    const up = await upload(ana.token, list.id, [
      ['fileId', String(list.options[0]!.id)],
      ['fileId', String(list.options[1]!.id)],
      file(PNG, 'image/png', 'a.png'),
      file(PDF, 'application/pdf', 'b.pdf'),
    ]);
    const [shown, unshown] = up.body.options.map((o: { path: string }) => o.path) as [string, string];
    // A conversation shows the first file, as a campaign's message does (by key, no copy).
    const contact = await insertContact(t, a.companyId);
    await scoped(t, a.companyId, async (tx) => {
      const [ticket] = await tx
        .insert(tickets)
        .values({ companyId: a.companyId, contactId: contact.id, status: 'closed' })
        .returning();
      await tx.insert(messages).values({
        companyId: a.companyId,
        ticketId: ticket!.id,
        fromMe: true,
        ack: 1,
        mediaType: 'image',
        mediaUrl: shown,
      });
    });
    // Dropping the first option's file keeps it (shown); the second option goes with its file.
    const res = await ana.api.put(`/api/files/${list.id}`, {
      options: [{ id: list.options[0]!.id, name: 'Foto', path: null }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.options).toMatchObject([{ name: 'Foto', path: null }]);
    expect(await exists(shown)).toBe(true);
    expect(await exists(unshown)).toBe(false);
    await scoped(t, a.companyId, (tx) =>
      tx.update(fileListOptions).set({ path: shown }).where(eq(fileListOptions.id, list.options[0]!.id)),
    );
    expect((await ana.api.delete(`/api/files/${list.id}`)).status).toBe(204);
    expect(await exists(shown)).toBe(true);
  });
});

describe('readFileList (for campaigns)', () => {
  it("gives the message and the options in order with their files; another company's list is not found", async () => {
    const list = await fileList(ana.api, { options: [{ name: 'B' }, { name: 'A' }] });
    const up = await upload(ana.token, list.id, [
      ['fileId', String(list.options[1]!.id)],
      file(PNG, 'image/png', 'a.png'),
    ]);
    expect(await scoped(t, a.companyId, (tx) => readFileList(tx, list.id))).toEqual({
      message: list.message,
      options: [
        { name: 'B', path: null, mediaType: null, fileName: null },
        { name: 'A', path: up.body.options[1].path, mediaType: 'image/png', fileName: 'a.png' },
      ],
    });
    await expect(scoped(t, b.companyId, (tx) => readFileList(tx, list.id))).rejects.toMatchObject({
      code: 'ERR_NOT_FOUND',
    });
  });
});
