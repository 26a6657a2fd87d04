import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eventName, type Announcement, type EventPayload } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import type { Api } from '../../../test/support/client.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import {
  expectError,
  expectInvalid,
  expectNoPermission,
  expectNotFound,
  expectSignedOut,
} from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import { storedFiles } from '../../../test/support/uploads.js';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');

type AnnouncementEvent = EventPayload<'announcement'>;

let t: TestApp;
let operator: Api;
let superToken: string;
let platformCompanyId: number;
let a: Tenant;
let b: Tenant;
let aStaff: Awaited<ReturnType<typeof createStaff>>;
let bStaff: Awaited<ReturnType<typeof createStaff>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  superToken = await t.superToken();
  operator = t.api.as(superToken);
  platformCompanyId = (await operator.get('/api/auth/me')).body.companyId;
  a = await createTenant(t);
  b = await createTenant(t);
  aStaff = await createStaff(t, a);
  bStaff = await createStaff(t, b);
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.stop();
});

const uid = () => randomBytes(4).toString('hex');
const body = (patch: Record<string, unknown> = {}) => ({
  title: `Aviso ${uid()}`,
  text: 'Manutenção às 22h',
  ...patch,
});

async function create(patch: Record<string, unknown> = {}) {
  const res = await operator.post('/api/announcements', body(patch));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Announcement;
}
const listOf = async (api: Api, query = '') => {
  const res = await api.get(`/api/announcements${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { records: Announcement[]; count: number; hasMore: boolean };
};
const titlesSeenBy = async (api: Api, query = '') => (await listOf(api, query)).records.map((r) => r.title);
const readAsOperator = async (id: number) => (await operator.get(`/api/announcements/${id}`)).body as Announcement;

async function upload(token: string, id: number, file: Buffer, type: string, name: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)], { type }), name);
  const res = await fetch(`${t.url}/api/announcements/${id}/media-upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}
const exists = (key: string) =>
  t.running.deps.storage.get(key).then(
    () => true,
    () => false,
  );

/** A socket for `token` recording `company-{companyId}-announcement`. */
async function listen(token: string, companyId: number) {
  const socket = await connectSocket(t.url, token);
  sockets.push(socket);
  const heard: AnnouncementEvent[] = [];
  socket.on(eventName(companyId, 'announcement'), (e: AnnouncementEvent) => heard.push(e));
  return heard;
}
const settle = () => new Promise((r) => setTimeout(r, 300));
const about = (id: number) => (e: AnnouncementEvent) => (e.action === 'delete' ? e.id === id : e.record.id === id);

describe('POST /api/announcements', () => {
  it('a super user creates one: priority 3 and active by default', async () => {
    const res = await operator.post('/api/announcements', { title: '  Novidade  ', text: 'Chegou o chat interno' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      title: 'Novidade',
      text: 'Chegou o chat interno',
      priority: 3,
      status: true,
      mediaPath: null,
      mediaName: null,
      createdAt: expect.any(String),
    });
    expect(await readAsOperator(res.body.id)).toEqual(res.body);
  });

  it.each([
    ['title', { title: '  ' }],
    ['title', { title: undefined }],
    ['text', { text: undefined }],
    ['text', { text: 'x'.repeat(4097) }],
    ['priority', { priority: 4 }],
    ['priority', { priority: 0 }],
    ['status', { status: 'sim' }],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const before = (await listOf(operator)).count;
    expectInvalid(await operator.post('/api/announcements', body(patch)), field);
    expect((await listOf(operator)).count).toBe(before);
  });

  it('is for super users only: a company admin gets 403 and nothing is written', async () => {
    const b1 = body();
    expectNoPermission(await a.admin.api.post('/api/announcements', b1));
    expectNoPermission(await aStaff.api.post('/api/announcements', b1));
    expect(await titlesSeenBy(operator)).not.toContain(b1.title);
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.post('/api/announcements', body()));
  });
});

describe('GET /api/announcements', () => {
  it('super users see all; everyone else the active ones; by priority, then newest', async () => {
    const tag = `ord-${uid()}`;
    const low = await create({ title: `${tag} baixa`, priority: 3 });
    const high1 = await create({ title: `${tag} alta antiga`, priority: 1 });
    const high2 = await create({ title: `${tag} alta nova`, priority: 1 });
    const off = await create({ title: `${tag} inativa`, priority: 2, status: false });
    expect(await titlesSeenBy(operator, `?searchParam=${tag}`)).toEqual([
      high2.title,
      high1.title,
      off.title,
      low.title,
    ]);
    for (const api of [a.admin.api, aStaff.api, bStaff.api])
      expect(await titlesSeenBy(api, `?searchParam=${tag.toUpperCase()}`)).toEqual([
        high2.title,
        high1.title,
        low.title,
      ]);
    expect((await listOf(aStaff.api, `?searchParam=${tag}`)).count).toBe(3);
    expect((await listOf(operator, `?searchParam=${tag}`)).count).toBe(4);
  });

  it('pages 20 at a time with hasMore', async () => {
    const tag = `pag-${uid()}`;
    for (let i = 0; i < 21; i++) await create({ title: `${tag} ${String(i).padStart(2, '0')}` });
    const first = await listOf(bStaff.api, `?searchParam=${tag}&pageNumber=1`);
    expect(first.records).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records[0]!.title).toBe(`${tag} 20`);
    const second = await listOf(bStaff.api, `?searchParam=${tag}&pageNumber=2`);
    expect(second.records.map((r) => r.title)).toEqual([`${tag} 00`]);
    expect(second.hasMore).toBe(false);
  });

  it('names a bad page and needs a session', async () => {
    expectInvalid(await aStaff.api.get('/api/announcements?pageNumber=x'), 'pageNumber');
    expectSignedOut(await t.api.get('/api/announcements'));
  });
});

describe('GET /api/announcements/{id}', () => {
  it('an active one for anyone; an inactive one only for super users (404 else)', async () => {
    const on = await create();
    const off = await create({ status: false });
    expect((await bStaff.api.get(`/api/announcements/${on.id}`)).body).toEqual(on);
    expectNotFound(await bStaff.api.get(`/api/announcements/${off.id}`));
    expectNotFound(await a.admin.api.get(`/api/announcements/${off.id}`));
    expect(await readAsOperator(off.id)).toEqual(off);
    expectNotFound(await operator.get('/api/announcements/99999999'));
    expectInvalid(await operator.get('/api/announcements/abc'), 'id');
  });
});

describe('PUT /api/announcements/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const ann = await create({ priority: 2 });
    const res = await operator.put(`/api/announcements/${ann.id}`, { title: 'Novo título', status: false });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ ...ann, title: 'Novo título', status: false, updatedAt: expect.any(String) });
    expect(await readAsOperator(ann.id)).toEqual(res.body);
    expectNotFound(await aStaff.api.get(`/api/announcements/${ann.id}`));
  });

  it('names a bad field and changes nothing; 404 for an unknown one', async () => {
    const ann = await create();
    expectInvalid(await operator.put(`/api/announcements/${ann.id}`, { priority: 9 }), 'priority');
    expectInvalid(await operator.put(`/api/announcements/${ann.id}`, { title: '' }), 'title');
    expect(await readAsOperator(ann.id)).toEqual(ann);
    expectNotFound(await operator.put('/api/announcements/99999999', { title: 'x' }));
  });

  it('is for super users only: 403 and nothing changes', async () => {
    const ann = await create();
    expectNoPermission(await a.admin.api.put(`/api/announcements/${ann.id}`, { title: 'Pichado' }));
    expect(await readAsOperator(ann.id)).toEqual(ann);
  });
});

describe('DELETE /api/announcements/{id}', () => {
  it('a super user deletes one (and its image); a company admin gets 403; unknown 404', async () => {
    const ann = await create();
    const attached = await upload(superToken, ann.id, PNG, 'image/png', 'banner.png');
    expect(attached.status, JSON.stringify(attached.body)).toBe(200);
    expectNoPermission(await a.admin.api.delete(`/api/announcements/${ann.id}`));
    expect((await readAsOperator(ann.id)).id).toBe(ann.id);
    expect((await operator.delete(`/api/announcements/${ann.id}`)).status).toBe(204);
    expectNotFound(await operator.get(`/api/announcements/${ann.id}`));
    expect(await exists(attached.body.mediaPath)).toBe(false);
    expectNotFound(await operator.delete(`/api/announcements/${ann.id}`));
  });
});

describe('the image (media-upload)', () => {
  it('a png or jpeg is stored, served to every signed-in user, replaced and removed', async () => {
    const ann = await create();
    const res = await upload(superToken, ann.id, PNG, 'image/png', 'meu banner.png');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: ann.id,
      mediaName: 'meu_banner.png',
      mediaPath: expect.stringMatching(/\.png$/),
    });
    const key = res.body.mediaPath as string;
    for (const token of [bStaff.token, aStaff.token]) {
      const served = await fetch(`${t.url}/api/announcements/${ann.id}/media`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    }
    expectSignedOut(await t.api.get(`/api/announcements/${ann.id}/media`));

    const jpeg = await upload(superToken, ann.id, JPEG, 'image/jpeg', 'foto.jpg');
    expect(jpeg.status, JSON.stringify(jpeg.body)).toBe(200);
    expect(jpeg.body.mediaName).toBe('foto.jpg');
    expect(await exists(key)).toBe(false);

    const removed = await operator.delete(`/api/announcements/${ann.id}/media-upload`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body).toMatchObject({ mediaPath: null, mediaName: null });
    expect(await exists(jpeg.body.mediaPath)).toBe(false);
    expectNotFound(await aStaff.api.get(`/api/announcements/${ann.id}/media`));
  });

  it("an inactive one's image is 404 for everyone but super users", async () => {
    const ann = await create({ status: false });
    expect((await upload(superToken, ann.id, PNG, 'image/png', 'a.png')).status).toBe(200);
    expectNotFound(await aStaff.api.get(`/api/announcements/${ann.id}/media`));
    expect((await operator.get(`/api/announcements/${ann.id}/media`)).status).toBe(200);
  });

  it('refuses another type, bytes that are not the declared type, over 2 MB, no file; nothing is stored', async () => {
    const ann = await create();
    const before = await storedFiles(t, platformCompanyId);
    expect((await upload(superToken, ann.id, GIF, 'image/gif', 'a.gif')).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { file: 'unsupportedType' },
    });
    expect((await upload(superToken, ann.id, JPEG, 'image/png', 'a.png')).body).toMatchObject({
      error: 'ERR_VALIDATION',
      fields: { file: 'typeMismatch' },
    });
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expectError(await upload(superToken, ann.id, big, 'image/png', 'big.png'), 413, 'ERR_PAYLOAD_TOO_LARGE');
    expectInvalid(await upload(superToken, ann.id, PNG, 'image/png', 'a.png', 'medias'), 'file');
    expectInvalid(await operator.post(`/api/announcements/${ann.id}/media-upload`, {}), 'file');
    expect(await storedFiles(t, platformCompanyId)).toEqual(before);
    expect(await readAsOperator(ann.id)).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('is for super users only: 403 and nothing is stored or removed', async () => {
    const ann = await create();
    const attached = await upload(superToken, ann.id, PNG, 'image/png', 'a.png');
    const before = await storedFiles(t, a.companyId);
    expectNoPermission(await upload(a.admin.token, ann.id, PNG, 'image/png', 'b.png'));
    expectNoPermission(await a.admin.api.delete(`/api/announcements/${ann.id}/media-upload`));
    expect(await storedFiles(t, a.companyId)).toEqual(before);
    expect(await exists(attached.body.mediaPath)).toBe(true);
    expectNotFound(await upload(superToken, 99_999_999, PNG, 'image/png', 'a.png'));
  });
});

describe('realtime', () => {
  it("reaches every company's users; switched off it leaves their pop-overs; deleted, it leaves everyone's", async () => {
    const aHears = await listen(aStaff.token, a.companyId);
    const bHears = await listen(bStaff.token, b.companyId);
    const superHears = await listen(superToken, platformCompanyId);

    const ann = await create({ priority: 1 });
    for (const heard of [aHears, bHears, superHears])
      expect(await eventually(() => heard.find(about(ann.id)), 5_000, 'the new one')).toEqual({
        action: 'create',
        record: ann,
      });

    const off = (await operator.put(`/api/announcements/${ann.id}`, { status: false })).body as Announcement;
    for (const heard of [aHears, bHears])
      expect(await eventually(() => heard.find((e) => e.action === 'delete'), 5_000, 'gone from the pop-over')).toEqual(
        {
          action: 'delete',
          id: ann.id,
        },
      );
    expect(await eventually(() => superHears.find((e) => e.action === 'update'), 5_000, 'the super update')).toEqual({
      action: 'update',
      record: off,
    });
    await settle();
    expect(aHears.filter((e) => e.action === 'update')).toEqual([]);

    await operator.put(`/api/announcements/${ann.id}`, { status: true });
    await eventually(() => bHears.find((e) => e.action === 'update'), 5_000, 'back on');
    await operator.delete(`/api/announcements/${ann.id}`);
    for (const heard of [aHears, bHears, superHears])
      await eventually(
        () => heard.filter((e) => e.action === 'delete').length === (heard === superHears ? 1 : 2),
        5_000,
        'deleted',
      );
  });

  it('an inactive new one reaches super users only', async () => {
    const aHears = await listen(a.admin.token, a.companyId);
    const superHears = await listen(superToken, platformCompanyId);
    const hidden = await create({ status: false });
    await eventually(() => superHears.find(about(hidden.id)), 5_000, 'the super user hears it');
    await settle();
    expect(aHears.filter(about(hidden.id))).toEqual([]);
  });
});
