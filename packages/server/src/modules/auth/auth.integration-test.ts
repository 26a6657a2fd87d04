import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io, type Socket } from 'socket.io-client';
import { sql } from 'drizzle-orm';
import { startTestApp, SUPER_EMAIL, SUPER_PASSWORD, type TestApp } from '../../../test/support/app.js';
import { createStaff, login, signupTenant } from '../../../test/support/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.stop());

const connect = (token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(t.url, { transports: ['websocket'], query: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });

describe('login', () => {
  it('answers the token and the user with company, plan flags and settings', async () => {
    const res = await t.api.post('/api/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe('string');
    const { user } = res.body;
    expect(user).toMatchObject({ email: SUPER_EMAIL, profile: 'admin', super: true, queues: [] });
    expect(user.passwordHash).toBeUndefined();
    expect(user.company.plan).toHaveProperty('useKanban');
    expect(user.company.settings).toEqual(expect.arrayContaining([{ key: 'userCreation', value: 'enabled' }]));
    expect(res.headers.get('set-cookie')).toMatch(/jrt=.*HttpOnly/i);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const wrong = await t.api.post('/api/auth/login', { email: SUPER_EMAIL, password: 'nope-nope' });
    const unknown = await t.api.post('/api/auth/login', { email: 'ghost@example.com', password: 'nope-nope' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.body.error).toBe('ERR_INVALID_CREDENTIALS');
  });

  it('names the bad field on bad input', async () => {
    const res = await t.api.post('/api/auth/login', { email: 'not-an-email' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
    expect(Object.keys(res.body.fields)).toEqual(expect.arrayContaining(['email', 'password']));
  });

  it('limits failed attempts per email: the sixth answers 429 even with the right password', async () => {
    const tenant = await signupTenant(t);
    for (let i = 0; i < 5; i++) {
      const r = await t.api.post('/api/auth/login', { email: tenant.admin.email, password: 'wrong-one' });
      expect(r.status).toBe(401);
    }
    const blocked = await t.api.post('/api/auth/login', { email: tenant.admin.email, password: tenant.admin.password });
    expect(blocked.status).toBe(429);
    expect(blocked.body.error).toBe('ERR_RATE_LIMITED');
  });

  it('limits failed attempts per address, and a forged X-Forwarded-For does not reset the count', async () => {
    const own = await startTestApp();
    try {
      for (let i = 0; i < 20; i++) {
        const r = await own.api.request('POST', '/api/auth/login', { email: `nobody${i}@example.com`, password: 'x' }, {
          'x-forwarded-for': `10.9.8.${i}`,
        });
        expect(r.status).toBe(401);
      }
      const blocked = await own.api.request('POST', '/api/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD }, {
        'x-forwarded-for': '10.1.1.1',
      });
      expect(blocked.status).toBe(429);
    } finally {
      await own.stop();
    }
  });

  it('refuses a company whose due date has passed, but not a super user', async () => {
    const tenant = await signupTenant(t);
    const superApi = t.api.as(await t.superToken());
    expect((await superApi.put(`/api/companies/${tenant.companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    const res = await t.api.post('/api/auth/login', { email: tenant.admin.email, password: tenant.admin.password });
    expect(res.status).toBe(402);
    expect(res.body.error).toBe('ERR_SUBSCRIPTION_EXPIRED');
    // The due date is a calendar day, in the body as it is and in the message as Brazilians write it.
    expect(res.body.dueDate).toBe('2020-01-31');
    expect(res.body.message).toBe('Sua assinatura expirou em 31/01/2020. Entre em contato com o suporte.');
    // The token issued before expiry no longer works on tenant endpoints either.
    expect((await tenant.admin.api.get('/api/settings')).status).toBe(402);
  });
});

describe('refresh tokens', () => {
  it('rotates the cookie, and a reused old cookie ends the session', async () => {
    const tenant = await signupTenant(t);
    const browser = t.api.withCookieJar();
    const first = await browser.post('/api/auth/login', { email: tenant.admin.email, password: tenant.admin.password });
    expect(first.status).toBe(200);
    const original = browser.cookie('jrt')!;

    const rotated = await browser.post('/api/auth/refresh_token');
    expect(rotated.status).toBe(200);
    expect(rotated.body.user.id).toBe(first.body.user.id);
    expect(browser.cookie('jrt')).not.toBe(original);
    expect((await t.api.as(rotated.body.token).get('/api/auth/me')).status).toBe(200);

    // An attacker replays the old cookie: refused, and the session is over for everyone.
    const thief = t.api.withCookieJar();
    thief.setCookie('jrt', original);
    expect((await thief.post('/api/auth/refresh_token')).status).toBe(401);
    expect((await browser.post('/api/auth/refresh_token')).status).toBe(401);
    const me = await t.api.as(rotated.body.token).get('/api/auth/me');
    expect(me.status).toBe(401);
  });

  it('refuses a refresh without a cookie', async () => {
    const res = await t.api.post('/api/auth/refresh_token');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('ERR_SESSION_EXPIRED');
  });
});

describe('sessions', () => {
  it('a new login ends the old session: HTTP 401 and an auth event on its socket', async () => {
    const tenant = await signupTenant(t);
    const old = await login(t, tenant.admin.email, tenant.admin.password);
    const socket = await connect(old.token);
    const told = new Promise<unknown>((resolve) => socket.once(`company-${tenant.companyId}-auth`, resolve));
    const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));

    await login(t, tenant.admin.email, tenant.admin.password);

    expect(await told).toEqual({ action: 'update', user: { id: old.user.id }, reason: 'replaced' });
    await closed;
    const res = await t.api.as(old.token).get('/api/auth/me');
    expect(res.status).toBe(401);
  });

  it('logout ends the session', async () => {
    const tenant = await signupTenant(t);
    const s = await login(t, tenant.admin.email, tenant.admin.password);
    expect((await t.api.as(s.token).delete('/api/auth/logout')).status).toBe(204);
    expect((await t.api.as(s.token).get('/api/auth/me')).status).toBe(401);
  });

  it('answers 401 without a token and 403 ERR_SESSION_EXPIRED for a bad one', async () => {
    expect((await t.api.get('/api/auth/me')).status).toBe(401);
    const bad = await t.api.as('not.a.token').get('/api/auth/me');
    expect(bad.status).toBe(403);
    expect(bad.body.error).toBe('ERR_SESSION_EXPIRED');
  });

  it('re-reads the profile on every request: a demoted admin loses admin routes at once', async () => {
    const tenant = await signupTenant(t);
    const staff = await createStaff(t, tenant, { profile: 'admin' });
    expect((await staff.api.get('/api/users')).status).toBe(200);
    expect((await tenant.admin.api.put(`/api/users/${staff.id}`, { profile: 'user' })).status).toBe(200);
    const res = await staff.api.get('/api/users');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('ERR_NO_PERMISSION');
  });

  it('refuses a socket with a bad token', async () => {
    await expect(connect('garbage')).rejects.toThrow(/ERR_SESSION_EXPIRED/);
  });
});

describe('tenancy', () => {
  it('a tenant query run outside the scoped helper sees no rows', async () => {
    await signupTenant(t);
    const { db } = t.running.deps.pools;
    const users = await db.execute(sql`select count(*)::int as n from users`);
    const companies = await db.execute(sql`select count(*)::int as n from companies`);
    const settings = await db.execute(sql`select count(*)::int as n from settings`);
    expect([users.rows[0]!.n, companies.rows[0]!.n, settings.rows[0]!.n]).toEqual([0, 0, 0]);
    // …while the same pool inside the scope sees its company's rows.
    const { inTenant } = await import('../../db/client.js');
    const scoped = await inTenant(db, 1, (tx) => tx.execute(sql`select count(*)::int as n from users`));
    expect(scoped.rows[0]!.n).toBeGreaterThan(0);
  });

  it('every table with a company_id column has forced row-level security', async () => {
    const res = await t.running.deps.pools.owner.query(`
      select c.relname, c.relrowsecurity, c.relforcerowsecurity
        from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r'
         and (exists (select 1 from information_schema.columns col
                       where col.table_schema = 'public' and col.table_name = c.relname and col.column_name = 'company_id')
              or c.relname = 'companies')`);
    expect(res.rows.length).toBeGreaterThanOrEqual(5);
    for (const row of res.rows) expect(row, row.relname).toMatchObject({ relrowsecurity: true, relforcerowsecurity: true });
  });
});
