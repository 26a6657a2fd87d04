import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETTING_DEFAULTS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectSignedOut } from '../../../test/support/expect.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  const planId = (await createPlan(t)).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  staff = await createStaff(t, a);
});
afterAll(() => t.stop());

/** A company's settings as `{key: value}`, read by its admin. */
const settingsOf = async (tenant: Tenant) =>
  Object.fromEntries(
    ((await tenant.admin.api.get('/api/settings')).body as Array<{ key: string; value: string }>).map((s) => [
      s.key,
      s.value,
    ]),
  );

/** Every setting a company has: all but the platform's own (the operator's Asaas key). */
const COMPANY_DEFAULTS = Object.fromEntries(Object.entries(SETTING_DEFAULTS).filter(([k]) => k !== 'asaas'));

const connect = (token: string) => connectSocket(t.url, token);

describe('GET /api/settings', () => {
  it('answers a bare array of {key, value}: every key with its default for a new company', async () => {
    const c = await createTenant(t);
    const res = await c.admin.api.get('/api/settings');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    for (const row of res.body) expect(Object.keys(row).sort()).toEqual(['key', 'value']);
    expect(await settingsOf(c)).toEqual(COMPANY_DEFAULTS);
  });

  it("answers a plain user too; the operator's Asaas key is no company's setting: never shown, never taken", async () => {
    const res = await staff.api.get('/api/settings');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(Object.keys(COMPANY_DEFAULTS).length);
    // A company's admin cannot write it (404, as an unknown key), nor read it anywhere.
    expectError(await a.admin.api.put('/api/settings/asaas', { value: 'company-token-1' }), 404, 'ERR_NO_SETTING_FOUND');
    expect(await t.running.deps.pools.owner.query(`select 1 from settings where value = 'company-token-1'`)).toMatchObject(
      { rowCount: 0 },
    );
    const operator = t.api.as(await t.superToken());
    expect((await operator.put('/api/settings/asaas', { value: 'platform-secret-1' })).status).toBe(200);
    for (const api of [a.admin.api, staff.api]) {
      expect(JSON.stringify((await api.get('/api/settings')).body)).not.toContain('asaas');
      expect(JSON.stringify((await api.get('/api/auth/me')).body)).not.toMatch(/asaas|platform-secret-1/);
      const company = await api.get(`/api/companies/${a.companyId}`);
      expect(company.status).toBe(200);
      expect(JSON.stringify(company.body)).not.toMatch(/asaas|platform-secret-1/);
    }
    // The operator reads it on its own company.
    expect((await operator.get('/api/settings')).body).toContainEqual({ key: 'asaas', value: 'platform-secret-1' });
  });

  it("never shows another company's values", async () => {
    expect((await a.admin.api.put('/api/settings/call', { value: 'disabled' })).status).toBe(200);
    expect((await b.admin.api.put('/api/settings/call', { value: 'enabled' })).status).toBe(200);
    const seenByB = (await b.admin.api.get('/api/settings')).body as Array<{ key: string; value: string }>;
    expect(seenByB).toHaveLength(Object.keys(COMPANY_DEFAULTS).length);
    expect(seenByB.find((s) => s.key === 'call')!.value).toBe('enabled');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get('/api/settings'));
  });
});

describe('PUT /api/settings/{key}', () => {
  it('stores an on/off value and answers the row', async () => {
    const res = await a.admin.api.put('/api/settings/userRating', { value: 'enabled' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ key: 'userRating', value: 'enabled' });
    expect((await settingsOf(a)).userRating).toBe('enabled');
  });

  it.each([
    ['scheduleType', 'company'],
    ['scheduleType', 'queue'],
    ['chatBotType', 'text'],
    ['userCreation', 'disabled'],
    ['sideMenuOpen', 'disabled'],
  ])('stores %s = %s', async (key, value) => {
    expect((await a.admin.api.put(`/api/settings/${key}`, { value })).body).toEqual({ key, value });
    expect((await settingsOf(a))[key]).toBe(value);
  });

  it('campaignsEnabled also takes the spec client’s "true"/"false", stored as enabled/disabled', async () => {
    for (const [sent, stored] of [
      ['false', 'disabled'],
      ['true', 'enabled'],
      ['disabled', 'disabled'],
      ['enabled', 'enabled'],
    ]) {
      const res = await a.admin.api.put('/api/settings/campaignsEnabled', { value: sent });
      expect(res.body, sent).toEqual({ key: 'campaignsEnabled', value: stored });
      expect((await settingsOf(a)).campaignsEnabled).toBe(stored);
    }
    expectError(await a.admin.api.put('/api/settings/campaignsEnabled', { value: 'on' }), 400, 'ERR_VALIDATION');
  });

  it('changes only the caller’s company', async () => {
    expect((await a.admin.api.put('/api/settings/call', { value: 'enabled' })).status).toBe(200);
    expect((await b.admin.api.put('/api/settings/call', { value: 'disabled' })).status).toBe(200);
    expect((await settingsOf(a)).call).toBe('enabled');
    expect((await settingsOf(b)).call).toBe('disabled');
  });

  it('answers 404 ERR_NO_SETTING_FOUND for an unknown key and writes nothing', async () => {
    expectError(await a.admin.api.put('/api/settings/favouriteColour', { value: 'blue' }), 404, 'ERR_NO_SETTING_FOUND');
    expect(Object.keys(await settingsOf(a))).not.toContain('favouriteColour');
  });

  it.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'])(
    'answers 404 ERR_NO_SETTING_FOUND for %s, a key every object inherits, and writes nothing',
    async (key) => {
      const before = await settingsOf(a);
      expectError(await a.admin.api.put(`/api/settings/${key}`, { value: 'enabled' }), 404, 'ERR_NO_SETTING_FOUND');
      expect(await settingsOf(a)).toEqual(before);
    },
  );

  it.each([
    ['userRating', { value: 'maybe' }],
    ['scheduleType', { value: 'enabled' }],
    ['CheckMsgIsGroup', { value: 'ENABLED' }],
    ['userRating', {}],
    ['userRating', { value: true }],
    ['asaas', { value: 'tok\u0000en' }],
  ])('names the bad value of %s and changes nothing', async (key, body) => {
    const before = await settingsOf(a);
    expectInvalid(await a.admin.api.put(`/api/settings/${key}`, body), 'value');
    expect(await settingsOf(a)).toEqual(before);
  });

  it('is for admins: a plain user gets 403 and nothing changes', async () => {
    const before = (await settingsOf(a)).sendGreetingAccepted;
    expectNoPermission(await staff.api.put('/api/settings/sendGreetingAccepted', { value: 'enabled' }));
    expect((await settingsOf(a)).sendGreetingAccepted).toBe(before);
  });

  it('tells the company over the socket: company-{id}-settings', async () => {
    const socket = await connect(staff.token);
    try {
      const heard = new Promise((resolve) => socket.once(`company-${a.companyId}-settings`, resolve));
      await a.admin.api.put('/api/settings/sendMsgTransfTicket', { value: 'enabled' });
      expect(await within(heard, 3_000, 'the settings event')).toEqual({
        action: 'update',
        setting: { key: 'sendMsgTransfTicket', value: 'enabled' },
      });
    } finally {
      socket.close();
    }
  });
});
