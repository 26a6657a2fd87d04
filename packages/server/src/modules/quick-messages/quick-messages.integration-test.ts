import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import type { Api } from '../../../test/support/client.js';
import { listen, settle } from '../../../test/support/inbox.js';
import { postRaw, rawMultipart, type RawPart } from '../../../test/support/uploads.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
interface QuickMessage {
  id: number;
  shortcode: string;
  message: string;
  userId: number;
  geral: boolean;
  status: boolean;
  mediaPath: string | null;
  mediaName: string | null;
  isMedia: boolean;
  mediaUrl: string | null;
}
interface QuickMessageEvent {
  action: string;
  record?: QuickMessage;
  id?: number;
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let a: Tenant;
let b: Tenant;
let ana: Staff;
let bruno: Staff;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  ana = await createStaff(t, a, { name: 'Ana' });
  bruno = await createStaff(t, a, { name: 'Bruno' });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const connect = async (token: string) => {
  const s = await connectSocket(t.url, token);
  open.push(s);
  return s;
};

async function quick(api: Api, patch: Record<string, unknown> = {}) {
  const res = await api.post('/api/quick-messages', { shortcode: `qm${uid()}`, message: 'Olá, tudo bem?', ...patch });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as QuickMessage;
}

const listAll = async (api: Api, query = '') => {
  const res = await api.get(`/api/quick-messages/list${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as QuickMessage[];
};
const page = async (api: Api, query: string) => {
  const res = await api.get(`/api/quick-messages?${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { records: QuickMessage[]; hasMore: boolean };
};

async function upload(token: string, id: number, parts: Array<[string, string | Blob, string?]>) {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const res = await fetch(`${t.url}/api/quick-messages/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

/** Every file stored for a company (media/{companyId}/{month}/{key}). */
async function storedFiles(companyId: number): Promise<string[]> {
  const root = path.join(t.running.deps.config.DATA_DIR, 'media', String(companyId));
  const months = await fs.readdir(root).catch(() => [] as string[]);
  const files = await Promise.all(
    months.map(async (m) => (await fs.readdir(path.join(root, m))).map((f) => `${m}/${f}`)),
  );
  return files.flat().sort();
}
const exists = (key: string) =>
  t.running.deps.storage.get(key).then(
    () => true,
    () => false,
  );

describe('POST /api/quick-messages', () => {
  it("creates one of the caller's answers (201), no attachment, shared only when asked", async () => {
    const res = await ana.api.post('/api/quick-messages', { shortcode: ' saudacao ', message: 'Olá! 😊' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      shortcode: 'saudacao',
      message: 'Olá! 😊',
      userId: ana.id,
      geral: false,
      status: true,
      mediaPath: null,
      mediaName: null,
      isMedia: false,
      mediaUrl: null,
    });
    expect((await ana.api.get(`/api/quick-messages/${res.body.id}`)).body).toMatchObject({ shortcode: 'saudacao' });
  });

  it('a shortcode is unique per user: the same user gets 400 naming shortcode; another user may reuse it', async () => {
    const code = `dup${uid()}`;
    await quick(ana.api, { shortcode: code });
    const again = await ana.api.post('/api/quick-messages', { shortcode: code, message: 'outra' });
    expectInvalid(again, 'shortcode');
    expect(again.body.fields.shortcode).toBe('duplicated');
    expect((await listAll(ana.api)).filter((q) => q.shortcode === code)).toHaveLength(1);
    expect((await quick(bruno.api, { shortcode: code })).userId).toBe(bruno.id);
  });

  it.each([
    ['shortcode', { shortcode: '' }],
    ['shortcode', { shortcode: undefined }],
    ['shortcode', { shortcode: 'x'.repeat(51) }],
    ['message', { message: 'x'.repeat(4097) }],
    ['geral', { geral: 'yes' }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, patch) => {
    const before = (await listAll(ana.api)).length;
    expectInvalid(
      await ana.api.post('/api/quick-messages', { shortcode: `bad${uid()}`, message: 'm', ...patch }),
      field,
    );
    expect(await listAll(ana.api)).toHaveLength(before);
  });
});

describe('GET /api/quick-messages and /list', () => {
  it("shows the caller's answers plus the shared ones, never someone else's private ones nor another company's", async () => {
    const mine = await quick(ana.api);
    const shared = await quick(bruno.api, { geral: true });
    const hidden = await quick(bruno.api);
    const foreign = await quick(b.admin.api, { geral: true });
    const anaIds = (await listAll(ana.api)).map((q) => q.id);
    expect(anaIds).toEqual(expect.arrayContaining([mine.id, shared.id]));
    expect(anaIds).not.toContain(hidden.id);
    expect(anaIds).not.toContain(foreign.id);
    const brunoIds = (await listAll(bruno.api)).map((q) => q.id);
    expect(brunoIds).toEqual(expect.arrayContaining([shared.id, hidden.id]));
    expect(brunoIds).not.toContain(mine.id);
    // An admin sees their own and the shared ones, and any user's when naming them.
    const adminIds = (await listAll(a.admin.api)).map((q) => q.id);
    expect(adminIds).toContain(shared.id);
    expect(adminIds).not.toContain(hidden.id);
    expect((await listAll(a.admin.api, `?userId=${bruno.id}`)).map((q) => q.id)).toContain(hidden.id);
  });

  it("a plain user naming another user's answers gets 403", async () => {
    expectNoPermission(await ana.api.get(`/api/quick-messages/list?userId=${bruno.id}`));
    expectNoPermission(await ana.api.get(`/api/quick-messages?userId=${bruno.id}`));
    expect((await ana.api.get(`/api/quick-messages/list?userId=${ana.id}`)).status).toBe(200);
  });

  it('pages of 20 by shortcode, searching shortcode or message in any case', async () => {
    const key = `pg${uid()}`;
    for (let i = 0; i < 21; i++) await quick(ana.api, { shortcode: `${key}-${String(20 - i).padStart(2, '0')}` });
    await quick(bruno.api, { shortcode: `${key}-private` });
    const byText = await quick(bruno.api, {
      shortcode: `x${uid()}`,
      message: `Fale com ${key.toUpperCase()}`,
      geral: true,
    });
    const first = await page(ana.api, `searchParam=${key.toUpperCase()}`);
    expect(first.hasMore).toBe(true);
    expect(first.records.map((q) => q.shortcode)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${key}-${String(i).padStart(2, '0')}`),
    );
    const second = await page(ana.api, `searchParam=${key}&pageNumber=2`);
    expect(second.hasMore).toBe(false);
    expect(second.records.map((q) => q.shortcode)).toEqual([`${key}-20`, byText.shortcode].sort());
    expectInvalid(await ana.api.get('/api/quick-messages?pageNumber=abc'), 'pageNumber');
    expectInvalid(await ana.api.get('/api/quick-messages/list?userId=abc'), 'userId');
  });
});

describe('GET/PUT/DELETE /api/quick-messages/:id', () => {
  it("reads: own and shared ones; another user's private one is 404 (not for an admin); another company's 404", async () => {
    const shared = await quick(bruno.api, { geral: true });
    const hidden = await quick(bruno.api);
    expect((await ana.api.get(`/api/quick-messages/${shared.id}`)).status).toBe(200);
    expectNotFound(await ana.api.get(`/api/quick-messages/${hidden.id}`));
    expect((await a.admin.api.get(`/api/quick-messages/${hidden.id}`)).body).toMatchObject({ id: hidden.id });
    expectNotFound(await b.admin.api.get(`/api/quick-messages/${shared.id}`));
    expectInvalid(await ana.api.get('/api/quick-messages/0'), 'id');
  });

  it('the owner edits only the fields given; a duplicate shortcode or bad field is 400 and changes nothing', async () => {
    const first = await quick(ana.api);
    const other = await quick(ana.api, { message: 'original' });
    const res = await ana.api.put(`/api/quick-messages/${other.id}`, { message: 'nova resposta', geral: true });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ shortcode: other.shortcode, message: 'nova resposta', geral: true });
    expectInvalid(await ana.api.put(`/api/quick-messages/${other.id}`, { shortcode: first.shortcode }), 'shortcode');
    expectInvalid(await ana.api.put(`/api/quick-messages/${other.id}`, { shortcode: '  ' }), 'shortcode');
    expect((await ana.api.get(`/api/quick-messages/${other.id}`)).body).toMatchObject({
      shortcode: other.shortcode,
      message: 'nova resposta',
    });
  });

  it('only the owner or an admin changes an answer: another user gets 403 on a shared one, 404 on a private one', async () => {
    const shared = await quick(ana.api, { geral: true, message: 'antes' });
    const hidden = await quick(ana.api);
    expectNoPermission(await bruno.api.put(`/api/quick-messages/${shared.id}`, { message: 'depois' }));
    expectNoPermission(await bruno.api.delete(`/api/quick-messages/${shared.id}`));
    expectNotFound(await bruno.api.put(`/api/quick-messages/${hidden.id}`, { message: 'depois' }));
    expectNotFound(await bruno.api.delete(`/api/quick-messages/${hidden.id}`));
    expect((await ana.api.get(`/api/quick-messages/${shared.id}`)).body).toMatchObject({ message: 'antes' });
    const byAdmin = await a.admin.api.put(`/api/quick-messages/${hidden.id}`, { message: 'revisada' });
    expect(byAdmin.body).toMatchObject({ message: 'revisada', userId: ana.id });
    expect((await a.admin.api.delete(`/api/quick-messages/${hidden.id}`)).status).toBe(204);
    expectNotFound(await ana.api.get(`/api/quick-messages/${hidden.id}`));
  });

  it("another company's answer is 404 for edit and delete, and stays", async () => {
    const theirs = await quick(b.admin.api, { geral: true, message: 'deles' });
    expectNotFound(await a.admin.api.put(`/api/quick-messages/${theirs.id}`, { message: 'nossa' }));
    expectNotFound(await a.admin.api.delete(`/api/quick-messages/${theirs.id}`));
    expect((await b.admin.api.get(`/api/quick-messages/${theirs.id}`)).body).toMatchObject({ message: 'deles' });
  });

  it('the owner deletes their answer (204)', async () => {
    const mine = await quick(ana.api);
    expect((await ana.api.delete(`/api/quick-messages/${mine.id}`)).status).toBe(204);
    expect((await listAll(ana.api)).map((q) => q.id)).not.toContain(mine.id);
  });
});

describe('company-{id}-quickmessage events', () => {
  it('a shared answer reaches the company; a private one its owner and the admins; none leaves the company', async () => {
    const sockets = {
      admin: await connect(a.admin.token),
      ana: await connect(ana.token),
      bruno: await connect(bruno.token),
      neighbour: await connect(b.admin.token),
    };
    const heard = Object.fromEntries(
      Object.entries(sockets).map(([who, s]) => [
        who,
        listen<QuickMessageEvent>(s, `company-${a.companyId}-quickmessage`),
      ]),
    ) as Record<keyof typeof sockets, ReturnType<typeof listen<QuickMessageEvent>>>;
    const hidden = await quick(ana.api);
    const shared = await quick(ana.api, { geral: true });
    await settle(t, [a.companyId, b.companyId], Object.values(sockets));
    const ids = (who: keyof typeof sockets) => heard[who].heard.map((e) => [e.action, e.record?.id ?? e.id]);
    expect(ids('ana')).toEqual([
      ['create', hidden.id],
      ['create', shared.id],
    ]);
    expect(ids('admin')).toEqual(ids('ana'));
    expect(ids('bruno')).toEqual([['create', shared.id]]);
    expect(ids('neighbour')).toEqual([]);

    // No longer shared: the others drop it.
    const mark = heard.bruno.heard.length;
    await ana.api.put(`/api/quick-messages/${shared.id}`, { geral: false });
    await ana.api.delete(`/api/quick-messages/${hidden.id}`);
    await settle(t, [a.companyId, b.companyId], Object.values(sockets));
    expect(heard.bruno.since(mark)).toEqual([{ action: 'delete', id: shared.id, updatedAt: expect.any(String) }]);
    // The owner hears both (in either order) and keeps the version as new as the delete's updatedAt.
    expect(ids('ana').slice(2).sort()).toEqual(
      [
        ['delete', shared.id],
        ['update', shared.id],
        ['delete', hidden.id],
      ].sort(),
    );
  });
});

describe('POST/DELETE /api/quick-messages/:id/media-upload', () => {
  it('stores the file under a generated key, names it with underscores, serves it, replaces it and deletes it', async () => {
    const qm = await quick(ana.api, { geral: true });
    const res = await upload(ana.token, qm.id, [
      ['typeArch', 'quickMessage'],
      ['file', new Blob([PNG], { type: 'image/png' }), '../minha foto  bonita.png'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: qm.id,
      mediaName: 'minha_foto_bonita.png',
      isMedia: true,
      mediaUrl: `/api/quick-messages/${qm.id}/media`,
    });
    const key = res.body.mediaPath as string;
    expect(key).toMatch(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(await t.running.deps.storage.get(key)).toEqual(PNG);

    // Anyone who reads the answer fetches the file; another company cannot.
    const file = await fetch(`${t.url}${res.body.mediaUrl}`, { headers: { authorization: `Bearer ${bruno.token}` } });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer())).toEqual(PNG);
    expectNotFound(await b.admin.api.get(res.body.mediaUrl));

    const replaced = await upload(ana.token, qm.id, [
      ['file', new Blob([PDF], { type: 'application/pdf' }), 'preços.pdf'],
    ]);
    expect(replaced.body).toMatchObject({ mediaName: 'preços.pdf', isMedia: true });
    expect(await exists(key)).toBe(false);
    const pdfKey = replaced.body.mediaPath as string;
    expect(await exists(pdfKey)).toBe(true);

    const removed = await ana.api.delete(`/api/quick-messages/${qm.id}/media-upload`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null, isMedia: false, mediaUrl: null });
    expect(await exists(pdfKey)).toBe(false);
    expectNotFound(await ana.api.get(`/api/quick-messages/${qm.id}/media`));
  });

  it('refuses a missing, unsupported or disguised file (400 naming file) or a second file (413); nothing is stored', async () => {
    const qm = await quick(ana.api);
    const before = await storedFiles(a.companyId);
    const disguised = await upload(ana.token, qm.id, [['file', new Blob([PDF], { type: 'image/png' }), 'a.png']]);
    expect(disguised.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { file: 'typeMismatch' } });
    const exe = await upload(ana.token, qm.id, [
      ['file', new Blob([Buffer.from('MZ')], { type: 'application/x-msdownload' }), 'a.exe'],
    ]);
    expectInvalid(exe, 'file');
    expectInvalid(await upload(ana.token, qm.id, [['typeArch', 'quickMessage']]), 'file');
    expectInvalid(await ana.api.post(`/api/quick-messages/${qm.id}/media-upload`, {}), 'file');
    const png = (): [string, Blob, string] => ['file', new Blob([PNG], { type: 'image/png' }), 'a.png'];
    expectError(await upload(ana.token, qm.id, [png(), png()]), 413, 'ERR_PAYLOAD_TOO_LARGE');
    expect(await storedFiles(a.companyId)).toEqual(before);
    expect((await ana.api.get(`/api/quick-messages/${qm.id}`)).body).toMatchObject({ mediaPath: null, isMedia: false });
  });

  it('a part typed __proto__ or constructor, a cut-off body or no boundary is 400; nothing is stored', async () => {
    const qm = await quick(ana.api);
    const before = await storedFiles(a.companyId);
    const post = (parts: RawPart[], opts?: Parameters<typeof rawMultipart>[1]) =>
      postRaw(`${t.url}/api/quick-messages/${qm.id}/media-upload`, rawMultipart(parts, opts), {
        authorization: `Bearer ${ana.token}`,
      });
    for (const type of ['__proto__', 'constructor', 'toString'])
      expectInvalid(await post([{ name: 'file', value: PNG, filename: 'a.png', type }]), 'file');
    const png: RawPart = { name: 'file', value: PNG, filename: 'a.png', type: 'image/png' };
    expectError(await post([{ name: 'typeArch', value: 'x' }, png], { truncate: true }), 400, 'ERR_VALIDATION');
    expectError(await post([png], { noBoundary: true }), 400, 'ERR_VALIDATION');
    expect(await storedFiles(a.companyId)).toEqual(before);
    expect((await ana.api.get(`/api/quick-messages/${qm.id}`)).body).toMatchObject({ mediaPath: null, isMedia: false });
  });

  it('another user gets 403 on a shared answer, 404 on a private one; another company 404; nothing changes', async () => {
    const shared = await quick(ana.api, { geral: true });
    const hidden = await quick(ana.api);
    const attached = await upload(ana.token, shared.id, [['file', new Blob([PNG], { type: 'image/png' }), 'a.png']]);
    expect(attached.status).toBe(200);
    const before = await storedFiles(a.companyId);
    const file = (): [string, Blob, string] => ['file', new Blob([PNG], { type: 'image/png' }), 'b.png'];
    expectNoPermission(await upload(bruno.token, shared.id, [file()]));
    expectNoPermission(await bruno.api.delete(`/api/quick-messages/${shared.id}/media-upload`));
    expectNotFound(await upload(bruno.token, hidden.id, [file()]));
    expectNotFound(await upload(b.admin.token, shared.id, [file()]));
    expectNotFound(await b.admin.api.delete(`/api/quick-messages/${shared.id}/media-upload`));
    expect(await storedFiles(a.companyId)).toEqual(before);
    expect((await ana.api.get(`/api/quick-messages/${shared.id}`)).body).toMatchObject({
      mediaPath: attached.body.mediaPath,
      mediaName: 'a.png',
    });
    expect(await exists(attached.body.mediaPath)).toBe(true);
  });

  it('deleting the answer removes its file', async () => {
    const qm = await quick(ana.api);
    const res = await upload(ana.token, qm.id, [['file', new Blob([PNG], { type: 'image/png' }), 'a.png']]);
    expect(await exists(res.body.mediaPath)).toBe(true);
    expect((await ana.api.delete(`/api/quick-messages/${qm.id}`)).status).toBe(204);
    expect(await exists(res.body.mediaPath)).toBe(false);
  });
});
