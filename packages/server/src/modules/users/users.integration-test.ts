import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, login, type Tenant } from '../../../test/support/factories.js';
import {
  expectError,
  expectInvalid,
  expectNoPermission,
  expectNotFound,
  expectSignedOut,
} from '../../../test/support/expect.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { inTenant } from '../../db/client.js';
import { queues } from '../../db/schema/index.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let queueA: { id: number; name: string; color: string };
let queueB: { id: number };
/** A connection of each company (a user's default connection must be one of theirs). */
let connA: number;
let connA2: number;
let connB: number;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 100 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
  queueA = await insertQueue(a.companyId);
  queueB = await insertQueue(b.companyId);
  connA = await newConnection(a);
  connA2 = await newConnection(a);
  connB = await newConnection(b);
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');

/** Queues have no endpoints yet: straight into the company's scope. */
async function insertQueue(companyId: number) {
  const [row] = await inTenant(t.running.deps.pools.db, companyId, (tx) =>
    tx
      .insert(queues)
      .values({ companyId, name: `Queue ${uid()}`, color: `#${randomBytes(3).toString('hex')}` })
      .returning({ id: queues.id, name: queues.name, color: queues.color }),
  );
  return row!;
}

async function newConnection(tenant: Tenant) {
  const res = await tenant.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}`, provider: 'sandbox' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as number;
}

const newUser = (patch: Record<string, unknown> = {}) => ({
  name: `Person ${uid()}`,
  email: `person-${uid()}@example.com`,
  password: 'secret1',
  ...patch,
});
/** The stored user, as the company's admin reads it. */
const readUser = async (tenant: Tenant, id: number) => (await tenant.admin.api.get(`/api/users/${id}`)).body;
const usersMatching = async (tenant: Tenant, search: string) =>
  (await tenant.admin.api.get(`/api/users?searchParam=${encodeURIComponent(search)}`)).body.users as Array<{
    email: string;
  }>;

const connect = (token: string) => connectSocket(t.url, token);

describe('GET /api/users', () => {
  it("answers {users, hasMore} with the company's users and their queues, never a password", async () => {
    const res = await a.admin.api.get('/api/users');
    expect(res.status).toBe(200);
    expect(res.body.hasMore).toBe(false);
    const emails = res.body.users.map((u: { email: string }) => u.email);
    expect(emails).toEqual(expect.arrayContaining([a.admin.email, staff.email]));
    expect(emails).not.toContain(b.admin.email);
    const me = res.body.users.find((u: { id: number }) => u.id === a.admin.id);
    expect(me).toMatchObject({ companyId: a.companyId, profile: 'admin', queues: [], queueIds: [] });
    expect(me.passwordHash).toBeUndefined();
    expect(me.password).toBeUndefined();
  });

  it('pages 20 at a time: hasMore true on page 1, false on page 2', async () => {
    const tag = `pager${uid()}`;
    for (let i = 0; i < 21; i++) {
      const res = await a.admin.api.post('/api/users', newUser({ name: `${tag} ${String(i).padStart(2, '0')}` }));
      expect(res.status).toBe(201);
    }
    const first = await a.admin.api.get(`/api/users?searchParam=${tag}&pageNumber=1`);
    expect(first.body.users).toHaveLength(20);
    expect(first.body.hasMore).toBe(true);
    const second = await a.admin.api.get(`/api/users?searchParam=${tag}&pageNumber=2`);
    expect(second.body.users).toHaveLength(1);
    expect(second.body.hasMore).toBe(false);
    const ids = [...first.body.users, ...second.body.users].map((u: { id: number }) => u.id);
    expect(new Set(ids).size).toBe(21);
  });

  it('filters by name or email, case-insensitively', async () => {
    const tag = uid();
    const byName = await createStaff(t, a, { name: `Zélia ${tag}` });
    const byEmail = await a.admin.api.post('/api/users', newUser({ email: `mail-${tag}@example.com` }));
    expect((await usersMatching(a, `ZÉLIA ${tag}`)).map((u) => u.email)).toEqual([byName.email]);
    expect((await usersMatching(a, `mail-${tag}`)).map((u) => u.email)).toEqual([byEmail.body.email]);
  });

  it('names a bad pageNumber or searchParam', async () => {
    expectInvalid(await a.admin.api.get('/api/users?pageNumber=0'), 'pageNumber');
    expectInvalid(await a.admin.api.get('/api/users?searchParam=%00'), 'searchParam');
  });

  it('is for admins: a plain user gets 403', async () => {
    expectNoPermission(await staff.api.get('/api/users'));
  });
});

describe('GET /api/users/list', () => {
  it("answers any signed-in user a bare array of the company's users", async () => {
    const res = await staff.api.get('/api/users/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.admin.id, staff.id]));
    expect(ids).not.toContain(b.admin.id);
    expect(res.body.find((u: { id: number }) => u.id === staff.id)).toMatchObject({
      name: 'Plain Staff',
      profile: 'user',
    });
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/users/list'));
  });
});

describe('GET /api/users/{id}', () => {
  it('answers an admin any user of the company', async () => {
    const res = await a.admin.api.get(`/api/users/${staff.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: staff.id, email: staff.email, profile: 'user', companyId: a.companyId });
    expect(res.body.passwordHash).toBeUndefined();
  });

  it('answers a plain user their own record', async () => {
    expect((await staff.api.get(`/api/users/${staff.id}`)).body).toMatchObject({ id: staff.id, email: staff.email });
  });

  it("answers 404 to a plain user asking for a colleague's record", async () => {
    expectNotFound(await staff.api.get(`/api/users/${a.admin.id}`));
  });

  it("answers 404 for another company's user", async () => {
    expectNotFound(await b.admin.api.get(`/api/users/${staff.id}`));
  });

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.get('/api/users/abc'), 'id');
    expectInvalid(await a.admin.api.get(`/api/users/${2 ** 31}`), 'id');
  });

  it('reads an id only in its canonical form: " 9", 0x9, 9.0, +9, 9e0 name no user', async () => {
    expect((await a.admin.api.get(`/api/users/${staff.id}`)).status).toBe(200);
    const hex = `0x${staff.id.toString(16)}`;
    for (const odd of [` ${staff.id}`, hex, `${staff.id}.0`, `+${staff.id}`, `${staff.id}e0`, `0${staff.id}`]) {
      expectInvalid(await a.admin.api.get(`/api/users/${encodeURIComponent(odd)}`), 'id');
    }
  });
});

describe('POST /api/users', () => {
  it('creates a user with profile, queues, connection and allTicket, who can sign in', async () => {
    const body = newUser({ profile: 'admin', queueIds: [queueA.id], whatsappId: connA, allTicket: 'enable' });
    const res = await a.admin.api.post('/api/users', body);
    expect(res.status).toBe(201);
    const expected = {
      name: body.name,
      email: body.email,
      companyId: a.companyId,
      profile: 'admin',
      whatsappId: connA,
      allTicket: 'enable',
      queueIds: [queueA.id],
      queues: [{ id: queueA.id, name: queueA.name, color: queueA.color }],
    };
    expect(res.body).toMatchObject(expected);
    expect(await readUser(a, res.body.id)).toMatchObject(expected);
    expect((await login(t, body.email, body.password)).user.id).toBe(res.body.id);
  });

  it('makes a plain user with no queues by default', async () => {
    const res = await a.admin.api.post('/api/users', newUser());
    expect(await readUser(a, res.body.id)).toMatchObject({
      profile: 'user',
      queueIds: [],
      allTicket: 'disable',
      super: false,
    });
  });

  it('tells the admins over the socket (company-{id}-user), not the plain users', async () => {
    const [adminSocket, staffSocket] = [await connect(a.admin.token), await connect(staff.token)];
    try {
      // Presence changes (the two tabs connecting) go to everyone: not what this is about.
      const notPresence = (payload: { action: string }) => payload.action !== 'presence';
      const staffHeard: unknown[] = [];
      staffSocket.on(`company-${a.companyId}-user`, (payload) => notPresence(payload) && staffHeard.push(payload));
      const heard = new Promise<any>((resolve) =>
        adminSocket.on(`company-${a.companyId}-user`, (payload) => notPresence(payload) && resolve(payload)),
      );
      const res = await a.admin.api.post('/api/users', newUser());
      expect(await within(heard, 3_000, 'the user event')).toEqual({
        action: 'update',
        user: expect.objectContaining({ id: res.body.id, email: res.body.email }),
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(staffHeard).toEqual([]);
    } finally {
      adminSocket.close();
      staffSocket.close();
    }
  });

  it.each([
    ['name', { name: 'x' }],
    ['name', { name: 'x'.repeat(51) }],
    ['email', { email: 'nope' }],
    ['password', { password: '1234' }],
    ['password', { password: undefined }],
    ['profile', { profile: 'owner' }],
    ['allTicket', { allTicket: 'sometimes' }],
    ['queueIds', { queueIds: 'all' }],
    ['queueIds.0', { queueIds: [2 ** 31] }],
    ['whatsappId', { whatsappId: 2 ** 31 }],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const body = newUser(patch);
    expectInvalid(await a.admin.api.post('/api/users', body), field);
    expect(await usersMatching(a, body.email as string)).toEqual([]);
  });

  it('refuses an email already in use, in any company (field email)', async () => {
    expectInvalid(await a.admin.api.post('/api/users', newUser({ email: b.admin.email })), 'email');
    expect(await usersMatching(a, b.admin.email)).toEqual([]);
  });

  it("refuses another company's queue (field queueIds) and writes nothing", async () => {
    const body = newUser({ queueIds: [queueB.id] });
    expectInvalid(await a.admin.api.post('/api/users', body), 'queueIds');
    expect(await usersMatching(a, body.email)).toEqual([]);
  });

  it("refuses another company's connection, or one that does not exist (field whatsappId), and writes nothing", async () => {
    for (const whatsappId of [connB, 2_000_000_000]) {
      const body = newUser({ whatsappId });
      expectInvalid(await a.admin.api.post('/api/users', body), 'whatsappId');
      expect(await usersMatching(a, body.email)).toEqual([]);
    }
  });

  it('is for admins: a plain user gets 403 and nothing is written', async () => {
    const body = newUser();
    expectNoPermission(await staff.api.post('/api/users', body));
    expect(await usersMatching(a, body.email)).toEqual([]);
  });

  it('answers 403 ERR_USER_CREATION_DISABLED when the company turned user creation off', async () => {
    const c = await createTenant(t);
    expect((await c.admin.api.put('/api/settings/userCreation', { value: 'disabled' })).status).toBe(200);
    const body = newUser();
    expectError(await c.admin.api.post('/api/users', body), 403, 'ERR_USER_CREATION_DISABLED');
    expect(await usersMatching(c, body.email)).toEqual([]);
    // The neighbour's setting is its own.
    expect((await b.admin.api.post('/api/users', newUser())).status).toBe(201);
  });

  it('answers 403 ERR_PLAN_LIMIT, naming the limit, past the plan’s user count', async () => {
    const c = await createTenant(t, { planId: (await createPlan(t, { users: 2 })).id });
    expect((await c.admin.api.post('/api/users', newUser())).status).toBe(201);
    const third = newUser();
    const res = await c.admin.api.post('/api/users', third);
    expectError(res, 403, 'ERR_PLAN_LIMIT');
    expect(res.body.message).toMatch(/\b2\b/);
    expect(await usersMatching(c, third.email)).toEqual([]);
  });
});

describe('PUT /api/users/{id}', () => {
  it('lets an admin change name, profile, queues, connection and allTicket', async () => {
    const u = await createStaff(t, a);
    const res = await a.admin.api.put(`/api/users/${u.id}`, {
      name: 'Promoted Person',
      profile: 'admin',
      queueIds: [queueA.id],
      whatsappId: connA2,
      allTicket: 'enable',
    });
    expect(res.status).toBe(200);
    const expected = {
      name: 'Promoted Person',
      profile: 'admin',
      queueIds: [queueA.id],
      whatsappId: connA2,
      allTicket: 'enable',
    };
    expect(res.body).toMatchObject(expected);
    expect(await readUser(a, u.id)).toMatchObject({ ...expected, email: u.email });
  });

  it('keeps every field the edit leaves out', async () => {
    const created = await a.admin.api.post(
      '/api/users',
      newUser({ profile: 'admin', queueIds: [queueA.id], whatsappId: connA, allTicket: 'enable' }),
    );
    expect((await a.admin.api.put(`/api/users/${created.body.id}`, { name: 'Only The Name' })).status).toBe(200);
    expect(await readUser(a, created.body.id)).toMatchObject({
      name: 'Only The Name',
      email: created.body.email,
      profile: 'admin',
      queueIds: [queueA.id],
      whatsappId: connA,
      allTicket: 'enable',
    });
  });

  it('lets a plain user change their own name, and nothing else changes', async () => {
    const res = await staff.api.put(`/api/users/${staff.id}`, { name: 'Renamed Staff' });
    expect(res.status).toBe(200);
    expect(await readUser(a, staff.id)).toMatchObject({ name: 'Renamed Staff', profile: 'user', queueIds: [] });
  });

  it('a user changing their own password gives the current one: missing or wrong is 400 and changes nothing', async () => {
    const u = await createStaff(t, a);
    expectInvalid(await u.api.put(`/api/users/${u.id}`, { password: 'changed1' }), 'currentPassword');
    const wrong = await u.api.put(`/api/users/${u.id}`, { password: 'changed1', currentPassword: 'not-it' });
    expectInvalid(wrong, 'currentPassword');
    expect(wrong.body.fields).toEqual({ currentPassword: 'wrongPassword' });
    expect((await t.api.post('/api/auth/login', { email: u.email, password: 'changed1' })).status).toBe(401);
    const me = await login(t, u.email, u.password);
    const res = await t.api
      .as(me.token)
      .put(`/api/users/${u.id}`, { password: 'changed1', currentPassword: u.password, name: 'Same Person' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await login(t, u.email, 'changed1')).user.id).toBe(u.id);
    // Without a new password nothing is asked (the spec's dialog sends the password blank).
    const again = await login(t, u.email, 'changed1');
    expect((await t.api.as(again.token).put(`/api/users/${u.id}`, { name: 'Renamed', password: '' })).status).toBe(200);
  });

  it('an admin changing their own password gives the current one too', async () => {
    const admin = await createStaff(t, a, { profile: 'admin' });
    expectInvalid(await admin.api.put(`/api/users/${admin.id}`, { password: 'changed1' }), 'currentPassword');
    const ok = await admin.api.put(`/api/users/${admin.id}`, { password: 'changed1', currentPassword: admin.password });
    expect(ok.status).toBe(200);
  });

  it('wrong current passwords count as failed logins of the email: after 5 (at once too) they answer 429, and so does the login', async () => {
    const u = await createStaff(t, a);
    const tries = await Promise.all(
      Array.from({ length: 8 }, () =>
        u.api.put(`/api/users/${u.id}`, { password: 'changed1', currentPassword: `guess-${uid()}` }),
      ),
    );
    expect(tries.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    expectError(
      await u.api.put(`/api/users/${u.id}`, { password: 'changed1', currentPassword: u.password }),
      429,
      'ERR_RATE_LIMITED',
    );
    expectError(await t.api.post('/api/auth/login', { email: u.email, password: u.password }), 429, 'ERR_RATE_LIMITED');
  });

  it('an admin changing a password ends that user’s sessions; the new password works', async () => {
    const u = await createStaff(t, a);
    expect((await a.admin.api.put(`/api/users/${u.id}`, { password: 'changed1' })).status).toBe(200);
    expectSignedOut(await u.api.get('/api/auth/me'));
    expect((await login(t, u.email, 'changed1')).user.id).toBe(u.id);
  });

  it.each([
    ['profile', () => ({ profile: 'admin' })],
    ['queueIds', () => ({ queueIds: [queueA.id] })],
    ['whatsappId', () => ({ whatsappId: connA })],
    ['allTicket', () => ({ allTicket: 'enable' })],
  ])('refuses a plain user setting their own %s (403) and changes nothing', async (_field, patch) => {
    expectNoPermission(await staff.api.put(`/api/users/${staff.id}`, patch()));
    expect(await readUser(a, staff.id)).toMatchObject({
      profile: 'user',
      queueIds: [],
      allTicket: 'disable',
      whatsappId: null,
    });
  });

  it("answers 404 to a plain user editing a colleague, and the colleague's record stays", async () => {
    expectNotFound(await staff.api.put(`/api/users/${a.admin.id}`, { name: 'Hijacked' }));
    expect((await readUser(a, a.admin.id)).name).not.toBe('Hijacked');
  });

  it("answers 404 to another company's admin, and the record stays", async () => {
    expectNotFound(await b.admin.api.put(`/api/users/${staff.id}`, { name: 'Hijacked', profile: 'admin' }));
    expect(await readUser(a, staff.id)).toMatchObject({ profile: 'user' });
    expect((await readUser(a, staff.id)).name).not.toBe('Hijacked');
  });

  it.each([
    ['name', { name: 'x' }],
    ['email', { email: 'not-mail' }],
    ['password', { password: '123' }],
    ['profile', { profile: 'boss' }],
  ])('names the bad field %s and changes nothing', async (field, patch) => {
    const u = await a.admin.api.post('/api/users', newUser());
    expectInvalid(await a.admin.api.put(`/api/users/${u.body.id}`, patch), field);
    expect(await readUser(a, u.body.id)).toEqual(u.body);
  });

  it("refuses another company's connection (field whatsappId) and changes nothing", async () => {
    const u = await a.admin.api.post('/api/users', newUser({ whatsappId: connA }));
    expectInvalid(await a.admin.api.put(`/api/users/${u.body.id}`, { whatsappId: connB }), 'whatsappId');
    expect((await readUser(a, u.body.id)).whatsappId).toBe(connA);
  });

  it("loses its connection when the connection is deleted (never names a row that is gone)", async () => {
    const conn = await newConnection(a);
    const u = await a.admin.api.post('/api/users', newUser({ whatsappId: conn }));
    expect((await a.admin.api.delete(`/api/whatsapp/${conn}`)).status).toBeLessThan(300);
    expect((await readUser(a, u.body.id)).whatsappId).toBeNull();
  });

  it("refuses another company's queue (field queueIds) and changes nothing", async () => {
    const u = await a.admin.api.post('/api/users', newUser({ queueIds: [queueA.id] }));
    expectInvalid(await a.admin.api.put(`/api/users/${u.body.id}`, { queueIds: [queueB.id] }), 'queueIds');
    expect((await readUser(a, u.body.id)).queueIds).toEqual([queueA.id]);
  });

  it('refuses an email already in use (field email)', async () => {
    const u = await a.admin.api.post('/api/users', newUser());
    expectInvalid(await a.admin.api.put(`/api/users/${u.body.id}`, { email: staff.email }), 'email');
    expect((await readUser(a, u.body.id)).email).toBe(u.body.email);
  });

  it('refuses an admin removing their own admin profile', async () => {
    expectInvalid(await a.admin.api.put(`/api/users/${a.admin.id}`, { profile: 'user' }), 'profile');
    expect((await readUser(a, a.admin.id)).profile).toBe('admin');
  });
});

describe('DELETE /api/users/{id}', () => {
  it('deletes a user: gone from the list, and they can no longer sign in', async () => {
    const u = await createStaff(t, a);
    expect((await a.admin.api.delete(`/api/users/${u.id}`)).status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/users/${u.id}`));
    expectSignedOut(await u.api.get('/api/auth/me'));
    expectError(
      await t.api.post('/api/auth/login', { email: u.email, password: u.password }),
      401,
      'ERR_INVALID_CREDENTIALS',
    );
  });

  it("ends the deleted user's live sockets", async () => {
    const u = await createStaff(t, a);
    const socket = await connect(u.token);
    try {
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      expect((await a.admin.api.delete(`/api/users/${u.id}`)).status).toBe(204);
      await within(closed, 3_000, 'the socket to be disconnected');
    } finally {
      socket.close();
    }
  });

  it('refuses an admin deleting themself', async () => {
    expectInvalid(await a.admin.api.delete(`/api/users/${a.admin.id}`), 'id');
    expect((await a.admin.api.get(`/api/users/${a.admin.id}`)).status).toBe(200);
  });

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.delete('/api/users/0'), 'id');
  });

  it('is for admins: a plain user gets 403 and the user stays', async () => {
    expectNoPermission(await staff.api.delete(`/api/users/${a.admin.id}`));
    expect((await a.admin.api.get(`/api/users/${a.admin.id}`)).status).toBe(200);
  });

  it("answers 404 to another company's admin, and the user stays", async () => {
    expectNotFound(await b.admin.api.delete(`/api/users/${staff.id}`));
    expect((await a.admin.api.get(`/api/users/${staff.id}`)).status).toBe(200);
  });
});

describe('POST /api/users/set-language/{lang}', () => {
  it.each(['en', 'es', 'pt'])('stores %s as the caller’s language', async (lang) => {
    const res = await staff.api.post(`/api/users/set-language/${lang}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ language: lang });
    expect((await readUser(a, staff.id)).language).toBe(lang);
  });

  it('names an unknown language and changes nothing', async () => {
    expect((await staff.api.post('/api/users/set-language/es')).status).toBe(200);
    expectInvalid(await staff.api.post('/api/users/set-language/xx'), 'lang');
    expect((await readUser(a, staff.id)).language).toBe('es');
  });

  it('changes only the caller: a neighbour’s language is untouched', async () => {
    expect((await b.admin.api.post('/api/users/set-language/en')).status).toBe(200);
    expect((await a.admin.api.post('/api/users/set-language/es')).status).toBe(200);
    expect((await readUser(b, b.admin.id)).language).toBe('en');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.post('/api/users/set-language/en'));
  });
});
