import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import type { Api } from '../../../test/support/client.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound, expectSignedOut } from '../../../test/support/expect.js';

let t: TestApp;
let operator: Api;
let tenant: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  operator = t.api.as(await t.superToken());
  tenant = await createTenant(t);
  staff = await createStaff(t, tenant);
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const newHelp = (patch: Record<string, unknown> = {}) => ({
  title: `How to ${uid()}`,
  video: 'dQw4w9WgXcQ',
  description: 'A short walkthrough',
  ...patch,
});

/** A help created by the operator. */
async function createHelp(patch: Record<string, unknown> = {}) {
  const res = await operator.post('/api/helps', newHelp(patch));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const { id, title, video, description } = res.body as {
    id: number;
    title: string;
    video: string;
    description: string;
  };
  return { id, title, video, description };
}
const readHelp = async (id: number) => (await operator.get(`/api/helps/${id}`)).body;
const titles = async () =>
  ((await staff.api.get('/api/helps/list')).body as Array<{ title: string }>).map((h) => h.title);

describe('GET /api/helps/list', () => {
  it('answers any signed-in user a bare array of helps', async () => {
    const help = await createHelp();
    const res = await staff.api.get('/api/helps/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body).toContainEqual(expect.objectContaining({ id: help.id, title: help.title, video: 'dQw4w9WgXcQ' }));
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/helps/list'));
  });
});

describe('POST /api/helps with a pasted YouTube address', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=10s',
    'https://youtu.be/dQw4w9WgXcQ?si=x1',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ',
  ])('stores the id of %s', async (url) => {
    const help = await createHelp({ video: url });
    expect(help.video).toBe('dQw4w9WgXcQ');
    expect((await readHelp(help.id)).video).toBe('dQw4w9WgXcQ');
  });

  it('refuses another site’s address (400 video), and an edit too', async () => {
    expectInvalid(await operator.post('/api/helps', newHelp({ video: 'https://vimeo.com/123456' })), 'video');
    const help = await createHelp();
    expect((await operator.put(`/api/helps/${help.id}`, { video: 'https://youtu.be/abcDEF12345' })).body.video).toBe(
      'abcDEF12345',
    );
  });
});

describe('GET /api/helps (paged)', () => {
  it('answers {helps, hasMore} 20 to a page, filtered by searchParam', async () => {
    const tag = `paged-${uid()}`;
    for (let i = 0; i < 21; i++) await createHelp({ title: `${tag} ${i}` });
    const first = await staff.api.get(`/api/helps?searchParam=${tag}&pageNumber=1`);
    expect(first.status).toBe(200);
    expect(first.body.helps).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await staff.api.get(`/api/helps?searchParam=${tag}&pageNumber=2`);
    expect(second.body.helps).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);
    expect([...first.body.helps, ...second.body.helps].every((h: { title: string }) => h.title.startsWith(tag))).toBe(
      true,
    );
  });

  it('names a bad pageNumber', async () => {
    expectInvalid(await staff.api.get('/api/helps?pageNumber=x'), 'pageNumber');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/helps'));
  });
});

describe('GET /api/helps/{id}', () => {
  it('answers one help', async () => {
    const help = await createHelp();
    expect((await staff.api.get(`/api/helps/${help.id}`)).body).toMatchObject(help);
  });

  it('names a bad id', async () => {
    expectInvalid(await staff.api.get('/api/helps/abc'), 'id');
  });

  it('answers 404 for an unknown help', async () => {
    expectNotFound(await staff.api.get('/api/helps/999999'));
  });
});

describe('POST /api/helps', () => {
  it('creates a help (operator)', async () => {
    const body = newHelp({ video: 'abc_DEF-123' });
    const res = await operator.post('/api/helps', body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: expect.any(Number), ...body });
    expect(await readHelp(res.body.id)).toMatchObject(body);
  });

  it.each([
    ['video', { video: 'https://vimeo.com/123456' }],
    ['video', { video: '<script>' }],
    ['video', { video: 'x'.repeat(65) }],
    ['title', { title: '' }],
    ['title', { title: 'NUL \u0000 inside' }],
    ['title', { title: undefined }],
    ['description', { description: 'x'.repeat(2001) }],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const body = newHelp(patch);
    expectInvalid(await operator.post('/api/helps', body), field);
    if (body.title) expect(await titles()).not.toContain(body.title);
  });

  it('is for super users only: a company admin gets 403 and nothing is written', async () => {
    const body = newHelp();
    expectNoPermission(await tenant.admin.api.post('/api/helps', body));
    expect(await titles()).not.toContain(body.title);
  });
});

describe('PUT /api/helps/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const help = await createHelp();
    const res = await operator.put(`/api/helps/${help.id}`, { title: 'Renamed help' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...help, title: 'Renamed help' });
    expect(await readHelp(help.id)).toMatchObject({ ...help, title: 'Renamed help' });
  });

  it('names a video that is not a code, and changes nothing', async () => {
    const help = await createHelp();
    expectInvalid(await operator.put(`/api/helps/${help.id}`, { video: 'javascript:alert(1)' }), 'video');
    expect(await readHelp(help.id)).toMatchObject(help);
  });

  it('answers 404 for an unknown help', async () => {
    expectNotFound(await operator.put('/api/helps/999999', { title: 'Nothing' }));
  });

  it('is for super users only: a company admin gets 403 and nothing changes', async () => {
    const help = await createHelp();
    expectNoPermission(await tenant.admin.api.put(`/api/helps/${help.id}`, { title: 'Defaced' }));
    expect(await readHelp(help.id)).toMatchObject(help);
  });
});

describe('DELETE /api/helps/{id}', () => {
  it('deletes a help (operator)', async () => {
    const help = await createHelp();
    expect((await operator.delete(`/api/helps/${help.id}`)).status).toBe(204);
    expectNotFound(await operator.get(`/api/helps/${help.id}`));
    expect(await titles()).not.toContain(help.title);
  });

  it('answers 404 for an unknown help', async () => {
    expectNotFound(await operator.delete('/api/helps/999999'));
  });

  it('is for super users only: a company admin gets 403 and the help stays', async () => {
    const help = await createHelp();
    expectNoPermission(await tenant.admin.api.delete(`/api/helps/${help.id}`));
    expect(await readHelp(help.id)).toMatchObject(help);
  });
});
