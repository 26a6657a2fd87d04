import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORM_SETTINGS, SETTING_DEFAULTS, WEEKDAYS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import type { Api } from '../../../test/support/client.js';
import { createPlan, createStaff, createTenant, login, type Tenant } from '../../../test/support/factories.js';
import {
  expectError,
  expectInvalid,
  expectNoPermission,
  expectNotFound,
  expectSignedOut,
} from '../../../test/support/expect.js';

let t: TestApp;
let operator: Api;
let planId: number;
/** Two companies: `a` is the one under test, `b` the neighbour who must never reach it. */
let a: Tenant;
let b: Tenant;

beforeAll(async () => {
  t = await startTestApp();
  operator = t.api.as(await t.superToken());
  planId = (await createPlan(t, { useKanban: false })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
const DAY = 86_400_000;
const signup = (body: Record<string, unknown>) => t.api.post('/api/companies/cadastro', body);
const validSignup = () => ({ name: `Loja ${uid()}`, email: `owner-${uid()}@example.com`, password: 'Secret-pass1', planId });
/** The company as the operator reads it. */
const readCompany = async (id: number) => (await operator.get(`/api/companies/${id}`)).body;
const companiesWithEmail = async (email: string) =>
  ((await operator.get('/api/companies/list')).body as Array<{ email: string }>).filter((c) => c.email === email);
const settingsMap = (settings: Array<{ key: string; value: string }>) =>
  Object.fromEntries(settings.map((s) => [s.key, s.value]));
const expectAboutDaysAhead = (iso: string, days: number) =>
  expect(Math.abs(new Date(iso).getTime() - (Date.now() + days * DAY))).toBeLessThan(60_000);
/** The calendar day an instant falls on in São Paulo (a new company's zone). */
const dayInSaoPaulo = (iso: string) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(iso));

/** A full week with the given hours on weekdays. */
const week = (startTime: string, endTime: string) =>
  WEEKDAYS.map(({ weekday, weekdayEn }) => ({ weekday, weekdayEn, startTime, endTime }));

describe('POST /api/companies/cadastro (signup)', () => {
  it('creates an active monthly company on a 3-day trial, with campaigns enabled', async () => {
    const body = validSignup();
    const res = await signup(body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: body.name,
      email: body.email,
      planId,
      status: true,
      recurrence: 'MENSAL',
      campaignsEnabled: true,
    });
    // The trial ends at an instant; the due date is a calendar day, that instant's day in the company's zone.
    expectAboutDaysAhead(res.body.trialExpiration, 3);
    expect(res.body.dueDate).toBe(dayInSaoPaulo(res.body.trialExpiration));
    expect(await readCompany(res.body.id)).toMatchObject({ status: true, recurrence: 'MENSAL', planId });
  });

  it('stores every setting with its default and the seven-day schedule', async () => {
    const res = await signup(validSignup());
    const company = await readCompany(res.body.id);
    expect(settingsMap(company.settings)).toEqual(SETTING_DEFAULTS);
    expect(company.schedules.map((d: { weekdayEn: string }) => d.weekdayEn)).toEqual(WEEKDAYS.map((d) => d.weekdayEn));
    for (const day of company.schedules) {
      expect(day).toMatchObject({
        startTime: expect.stringMatching(/^\d\d:\d\d$/),
        endTime: expect.stringMatching(/^\d\d:\d\d$/),
      });
    }
  });

  it('creates the first admin, who can sign in', async () => {
    const body = validSignup();
    const res = await signup(body);
    const session = await login(t, body.email, body.password);
    expect(session.user).toMatchObject({ companyId: res.body.id, email: body.email, profile: 'admin', super: false });
    expect(session.user.company).toMatchObject({ id: res.body.id, planId });
  });

  it('names the first admin after the person who signed up (userName), else after the company', async () => {
    const withName = { ...validSignup(), userName: 'Ana Souza' };
    expect((await signup(withName)).status).toBe(201);
    expect((await login(t, withName.email, withName.password)).user.name).toBe('Ana Souza');
    // The spec's signup fields have no person name: its clients still sign up.
    const without = validSignup();
    expect((await signup(without)).status).toBe(201);
    expect((await login(t, without.email, without.password)).user.name).toBe(without.name);
  });

  it.each([
    ['name', { name: 'x' }],
    ['name', { name: 'x'.repeat(51) }],
    ['name', { name: undefined }],
    ['name', { name: 'Loja\u0000' }],
    ['email', { email: 'not-an-email' }],
    ['email', { email: undefined }],
    ['password', { password: '1234' }],
    ['password', { password: 'x'.repeat(51) }],
    // The reset's rule (one rule in the contracts): 8+ characters, mixed case and a digit.
    ['password', { password: 'Abc12' }],
    ['password', { password: 'secret12' }],
    ['password', { password: 'SECRET12' }],
    ['password', { password: 'Secretpass' }],
    // A real phone number, not any digits.
    ['phone', { phone: '123' }],
    ['phone', { phone: '(11) 04444-3333' }],
    ['userName', { userName: 'x' }],
    ['userName', { userName: 'x'.repeat(51) }],
    ['planId', { planId: undefined }],
    ['planId', { planId: 999_999 }],
    ['planId', { planId: true }],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const body = { ...validSignup(), ...patch };
    expectInvalid(await signup(body), field);
    if (typeof body.email === 'string') expect(await companiesWithEmail(body.email)).toEqual([]);
  });

  it('stores the typed phone as its E.164 digits; a blank phone stays blank', async () => {
    const typed = { ...validSignup(), phone: '(11) 98765-4321' };
    expect((await signup(typed)).status).toBe(201);
    expect((await login(t, typed.email, typed.password)).user.company.phone).toBe('5511987654321');
    const blank = { ...validSignup(), phone: '' };
    expect((await signup(blank)).status).toBe(201);
    expect((await login(t, blank.email, blank.password)).user.company.phone).toBe('');
  });

  it('refuses an email already in use (field email) and writes no second company', async () => {
    const first = validSignup();
    expect((await signup(first)).status).toBe(201);
    expectInvalid(await signup({ ...validSignup(), email: first.email }), 'email');
    expect(await companiesWithEmail(first.email)).toHaveLength(1);
  });
});

describe('GET /api/companies/list', () => {
  it('answers the operator a bare array of every company with plan and settings', async () => {
    const res = await operator.get('/api/companies/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const ids = res.body.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([a.companyId, b.companyId]));
    const mine = res.body.find((c: { id: number }) => c.id === a.companyId);
    expect(mine).toMatchObject({ planId, plan: { id: planId, useKanban: false }, campaignsEnabled: true });
    expect(settingsMap(mine.settings)).toEqual(SETTING_DEFAULTS);
  });

  it('is for super users only', async () => {
    expectNoPermission(await a.admin.api.get('/api/companies/list'));
  });
});

describe('GET /api/companies (paged)', () => {
  it('answers {companies, hasMore} 20 to a page, filtered by searchParam', async () => {
    const tag = `paged-${uid()}`;
    for (let i = 0; i < 21; i++) {
      const res = await operator.post('/api/companies', { name: `${tag} ${String(i).padStart(2, '0')}`, planId });
      expect(res.status).toBe(201);
    }
    const first = await operator.get(`/api/companies?searchParam=${tag}&pageNumber=1`);
    expect(first.status).toBe(200);
    expect(first.body.hasMore).toBe(true);
    expect(first.body.companies).toHaveLength(20);
    const second = await operator.get(`/api/companies?searchParam=${tag}&pageNumber=2`);
    expect(second.body.hasMore).toBe(false);
    expect(second.body.companies).toHaveLength(1);
    const names = [...first.body.companies, ...second.body.companies].map((c: { name: string }) => c.name);
    expect(new Set(names).size).toBe(21);
    expect(names.every((n) => n.startsWith(tag))).toBe(true);
  });

  it('names a bad pageNumber', async () => {
    expectInvalid(await operator.get('/api/companies?pageNumber=0'), 'pageNumber');
  });

  it('is for super users only', async () => {
    expectNoPermission(await a.admin.api.get('/api/companies'));
  });
});

describe('GET /api/companies/{id}', () => {
  it('answers a company its own record, with plan and settings', async () => {
    const res = await a.admin.api.get(`/api/companies/${a.companyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.companyId, planId, plan: { id: planId }, status: true });
    // The platform's own settings (the Asaas key) are no company's to read.
    const companyDefaults = Object.fromEntries(
      Object.entries(SETTING_DEFAULTS).filter(([k]) => !PLATFORM_SETTINGS.includes(k as never)),
    );
    expect(settingsMap(res.body.settings)).toEqual(companyDefaults);
  });

  it('answers a plain user of the company too', async () => {
    const staff = await createStaff(t, a);
    const res = await staff.api.get(`/api/companies/${a.companyId}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(a.companyId);
  });

  it('answers the operator any company', async () => {
    expect((await operator.get(`/api/companies/${b.companyId}`)).body).toMatchObject({ id: b.companyId });
  });

  it("answers 404 for another company's record", async () => {
    expectNotFound(await b.admin.api.get(`/api/companies/${a.companyId}`));
  });

  it('names a bad id', async () => {
    expectInvalid(await operator.get('/api/companies/nope'), 'id');
    expectInvalid(await operator.get(`/api/companies/${2 ** 31}`), 'id');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get(`/api/companies/${a.companyId}`));
  });
});

describe('GET /api/companies/listPlan/{id}', () => {
  it("answers the company's plan with its use* flags", async () => {
    const res = await a.admin.api.get(`/api/companies/listPlan/${a.companyId}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: planId,
      useKanban: false,
      useCampaigns: true,
      useOpenAi: true,
      useIntegrations: true,
      useSchedules: true,
      useInternalChat: true,
      useExternalApi: true,
    });
  });

  it('answers the operator for any company', async () => {
    expect((await operator.get(`/api/companies/listPlan/${b.companyId}`)).body).toMatchObject({ id: planId });
  });

  it("answers 404 for another company's plan", async () => {
    expectNotFound(await b.admin.api.get(`/api/companies/listPlan/${a.companyId}`));
  });

  it('names a bad id', async () => {
    expectInvalid(await a.admin.api.get('/api/companies/listPlan/0'), 'id');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.get(`/api/companies/listPlan/${a.companyId}`));
  });
});

describe('POST /api/companies', () => {
  it('creates a company with the fields sent, and its first admin when a password is given', async () => {
    const email = `op-${uid()}@example.com`;
    const dueDate = '2031-05-17';
    const res = await operator.post('/api/companies', {
      name: `Operated ${uid()}`,
      email,
      phone: '5511999990000',
      planId,
      status: true,
      dueDate,
      recurrence: 'TRIMESTRAL',
      campaignsEnabled: false,
      password: 'secret1',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      email,
      phone: '5511999990000',
      recurrence: 'TRIMESTRAL',
      campaignsEnabled: false,
    });
    expect(res.body.dueDate).toBe(dueDate);
    expect(settingsMap((await readCompany(res.body.id)).settings)).toEqual({
      ...SETTING_DEFAULTS,
      campaignsEnabled: 'disabled',
    });
    expect((await login(t, email, 'secret1')).user).toMatchObject({ companyId: res.body.id, profile: 'admin' });
  });

  it.each([
    ['name', { name: 'x' }],
    ['recurrence', { recurrence: 'WEEKLY' }],
    ['planId', { planId: 999_999 }],
    ['password', { password: '123' }],
  ])('names the bad field %s and writes nothing', async (field, patch) => {
    const email = `bad-${uid()}@example.com`;
    expectInvalid(await operator.post('/api/companies', { name: `Bad ${uid()}`, email, planId, ...patch }), field);
    expect(await companiesWithEmail(email)).toEqual([]);
  });

  it('is for super users only: a company admin gets 403 and nothing is written', async () => {
    const email = `sneaky-${uid()}@example.com`;
    expectNoPermission(await a.admin.api.post('/api/companies', { name: 'Sneaky', email, planId }));
    expect(await companiesWithEmail(email)).toEqual([]);
  });
});

describe('PUT /api/companies/{id}', () => {
  it('changes the fields sent and keeps the others', async () => {
    const c = await createTenant(t, { planId });
    const otherPlan = await createPlan(t);
    expect((await operator.put(`/api/companies/${c.companyId}`, { status: false, recurrence: 'ANUAL' })).status).toBe(
      200,
    );
    const res = await operator.put(`/api/companies/${c.companyId}`, { name: 'Renamed Co', planId: otherPlan.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: c.companyId,
      name: 'Renamed Co',
      planId: otherPlan.id,
      status: false,
      recurrence: 'ANUAL',
    });
    expect(await readCompany(c.companyId)).toMatchObject({
      name: 'Renamed Co',
      status: false,
      recurrence: 'ANUAL',
      email: c.admin.email,
    });
  });

  it('turns campaigns off in the settings too', async () => {
    const c = await createTenant(t, { planId });
    const res = await operator.put(`/api/companies/${c.companyId}`, { campaignsEnabled: false });
    expect(res.body.campaignsEnabled).toBe(false);
    expect(settingsMap((await readCompany(c.companyId)).settings).campaignsEnabled).toBe('disabled');
  });

  it('stores a due date as the calendar day written, and answers it so (a date-time names its own day)', async () => {
    const c = await createTenant(t, { planId });
    for (const [sent, day] of [
      ['2027-01-06', '2027-01-06'],
      ['2027-01-06T00:00:00.000Z', '2027-01-06'],
      ['2027-01-06T23:30:00-03:00', '2027-01-06'],
      ['2028-02-29', '2028-02-29'],
    ]) {
      const res = await operator.put(`/api/companies/${c.companyId}`, { dueDate: sent });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.dueDate, sent).toBe(day);
      expect((await readCompany(c.companyId)).dueDate, sent).toBe(day);
      const listed = ((await operator.get('/api/companies/list')).body as { id: number; dueDate: string }[]).find(
        (x) => x.id === c.companyId,
      );
      expect(listed?.dueDate, sent).toBe(day);
    }
  });

  it('refuses a day the calendar does not have (field dueDate) and changes nothing', async () => {
    const c = await createTenant(t, { planId });
    const before = await readCompany(c.companyId);
    for (const dueDate of ['2027-02-30', '2027-13-01', '06/01/2027', 'tomorrow'])
      expectInvalid(await operator.put(`/api/companies/${c.companyId}`, { dueDate }), 'dueDate');
    expect(await readCompany(c.companyId)).toEqual(before);
  });

  it('stores a blank due date as null', async () => {
    const c = await createTenant(t, { planId });
    expect((await operator.put(`/api/companies/${c.companyId}`, { dueDate: '' })).body.dueDate).toBeNull();
  });

  it.each([
    ['name', { name: 'x' }],
    ['recurrence', { recurrence: 'WEEKLY' }],
    ['status', { status: 'maybe' }],
  ])('names the bad field %s and changes nothing', async (field, patch) => {
    const before = await readCompany(a.companyId);
    expectInvalid(await operator.put(`/api/companies/${a.companyId}`, patch), field);
    expect(await readCompany(a.companyId)).toEqual(before);
  });

  it('refuses an unknown plan (field planId) and changes nothing', async () => {
    expectInvalid(await operator.put(`/api/companies/${a.companyId}`, { planId: 999_999 }), 'planId');
    expect((await readCompany(a.companyId)).planId).toBe(planId);
  });

  it('answers 404 for an unknown company', async () => {
    expectNotFound(await operator.put('/api/companies/999999', { name: 'Nobody' }));
  });

  it('is for super users only: not even for its own company (403), and nothing changes', async () => {
    const far = new Date(Date.now() + 3650 * DAY).toISOString();
    expectNoPermission(await a.admin.api.put(`/api/companies/${a.companyId}`, { dueDate: far }));
    expectNoPermission(await b.admin.api.put(`/api/companies/${a.companyId}`, { name: 'Taken over' }));
    const after = await readCompany(a.companyId);
    expect(after.name).not.toBe('Taken over');
    expect(new Date(after.dueDate).getTime()).toBeLessThan(Date.now() + 10 * DAY);
  });
});

describe('PUT /api/companies/{id}/schedules', () => {
  it("saves its own company's week (admin)", async () => {
    const schedules = week('09:00', '17:30');
    const res = await a.admin.api.put(`/api/companies/${a.companyId}/schedules`, { schedules });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.companyId, schedules });
    expect((await readCompany(a.companyId)).schedules).toEqual(schedules);
  });

  it("saves any company's week (operator)", async () => {
    const schedules = week('07:00', '19:00');
    expect((await operator.put(`/api/companies/${b.companyId}/schedules`, { schedules })).status).toBe(200);
    expect((await readCompany(b.companyId)).schedules).toEqual(schedules);
  });

  it.each([
    ['schedules.0.startTime', { schedules: week('25:00', '26:00') }],
    ['schedules.0.endTime', { schedules: week('18:00', '08:00') }],
    ['schedules', { schedules: week('08:00', '18:00').slice(0, 6) }],
    ['schedules.0.weekdayEn', { schedules: week('08:00', '18:00').map((d) => ({ ...d, weekdayEn: 'funday' })) }],
    ['schedules', { schedules: week('08:00', '18:00').map((d) => ({ ...d, weekdayEn: 'monday' })) }],
  ])('names the bad field %s and changes nothing', async (field, body) => {
    const before = (await readCompany(a.companyId)).schedules;
    expectInvalid(await a.admin.api.put(`/api/companies/${a.companyId}/schedules`, body), field);
    expect((await readCompany(a.companyId)).schedules).toEqual(before);
  });

  it('refuses a plain user of the company (403) and changes nothing', async () => {
    const staff = await createStaff(t, a);
    const before = (await readCompany(a.companyId)).schedules;
    expectNoPermission(
      await staff.api.put(`/api/companies/${a.companyId}/schedules`, { schedules: week('01:00', '02:00') }),
    );
    expect((await readCompany(a.companyId)).schedules).toEqual(before);
  });

  it("answers 404 to another company's admin and changes nothing", async () => {
    const before = (await readCompany(a.companyId)).schedules;
    expectNotFound(
      await b.admin.api.put(`/api/companies/${a.companyId}/schedules`, { schedules: week('01:00', '02:00') }),
    );
    expect((await readCompany(a.companyId)).schedules).toEqual(before);
  });
});

describe('DELETE /api/companies/{id}', () => {
  it('deletes a company and its users (operator)', async () => {
    const c = await createTenant(t, { planId });
    expect((await operator.delete(`/api/companies/${c.companyId}`)).status).toBe(204);
    expectNotFound(await operator.get(`/api/companies/${c.companyId}`));
    expectSignedOut(await c.admin.api.get('/api/auth/me'));
    expectError(
      await t.api.post('/api/auth/login', { email: c.admin.email, password: c.admin.password }),
      401,
      'ERR_INVALID_CREDENTIALS',
    );
  });

  it("ends the live sockets of the company's users", async () => {
    const c = await createTenant(t, { planId });
    const socket = await connectSocket(t.url, c.admin.token);
    try {
      const closed = new Promise<void>((resolve) => socket.once('disconnect', () => resolve()));
      expect((await operator.delete(`/api/companies/${c.companyId}`)).status).toBe(204);
      await within(closed, 3_000, 'the socket to be disconnected');
    } finally {
      socket.close();
    }
  });

  it("refuses to delete the operator's own company", async () => {
    const me = await operator.get('/api/auth/me');
    expectInvalid(await operator.delete(`/api/companies/${me.body.companyId}`), 'id');
    expect((await operator.get(`/api/companies/${me.body.companyId}`)).status).toBe(200);
  });

  it('names a bad id', async () => {
    expectInvalid(await operator.delete('/api/companies/-1'), 'id');
  });

  it('answers 404 for an unknown company', async () => {
    expectNotFound(await operator.delete('/api/companies/999999'));
  });

  it('is for super users only: a company admin gets 403 and the company stays', async () => {
    expectNoPermission(await b.admin.api.delete(`/api/companies/${a.companyId}`));
    expectNoPermission(await a.admin.api.delete(`/api/companies/${a.companyId}`));
    expect((await operator.get(`/api/companies/${a.companyId}`)).status).toBe(200);
  });
});

describe('signup limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await startTestApp();
  });
  afterAll(() => limited.stop());

  it('answers 429 ERR_RATE_LIMITED to the 11th signup from one address within an hour, and writes nothing', async () => {
    const plan = await createPlan(limited);
    const body = () => ({ ...validSignup(), planId: plan.id });
    for (let i = 0; i < 10; i++) expect((await limited.api.post('/api/companies/cadastro', body())).status).toBe(201);
    const eleventh = body();
    expectError(await limited.api.post('/api/companies/cadastro', eleventh), 429, 'ERR_RATE_LIMITED');
    const all = (await limited.api.as(await limited.superToken()).get('/api/companies/list')).body;
    expect(all.map((c: { email: string }) => c.email)).not.toContain(eleventh.email);
  });
});
