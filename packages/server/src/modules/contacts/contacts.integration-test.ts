import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket, within } from '../../../test/support/socket.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 100 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
let seq = 0;
/** A fresh phone number (11–12 digits), unique within this run. */
const freshNumber = () => `55${String(Date.now() % 1e6).padStart(6, '0')}${String(++seq).padStart(4, '0')}`;

const newContact = (patch: Record<string, unknown> = {}) => ({
  name: `Contact ${uid()}`,
  number: freshNumber(),
  email: `c-${uid()}@example.com`,
  ...patch,
});

async function created(tenant: Tenant, patch: Record<string, unknown> = {}) {
  const res = await tenant.admin.api.post('/api/contacts', newContact(patch));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; name: string; number: string; email: string } & Record<string, any>;
}

const search = async (tenant: Tenant, text: string, pageNumber = 1) =>
  (await tenant.admin.api.get(`/api/contacts?searchParam=${encodeURIComponent(text)}&pageNumber=${pageNumber}`))
    .body as { contacts: Array<{ id: number; name: string; number: string }>; hasMore: boolean; count: number };

describe('POST /api/contacts', () => {
  it('creates a contact with its number normalised to digits and its extra info (201)', async () => {
    const digits = freshNumber();
    const res = await staff.api.post('/api/contacts', {
      name: '  Maria Silva ',
      number: `+${digits.slice(0, 2)} (${digits.slice(2, 4)}) ${digits.slice(4, 8)}-${digits.slice(8)}`,
      email: 'Maria@Example.com',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: 'Maria Silva',
      number: digits,
      email: 'maria@example.com',
      profilePicUrl: '',
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
    const read = await a.admin.api.get(`/api/contacts/${res.body.id}`);
    expect(read.body).toMatchObject({
      name: 'Maria Silva',
      number: digits,
      extraInfo: [{ name: 'CPF', value: '123' }],
    });
  });

  it('accepts an empty or blank email, or none, stored as empty', async () => {
    expect((await created(a, { email: '' })).email).toBe('');
    expect((await created(a, { email: '   ' })).email).toBe('');
    expect((await created(a, { email: undefined })).email).toBe('');
  });

  it.each([
    ['name', { name: 'A' }],
    ['name', { name: 'x'.repeat(51) }],
    ['number', { number: '1234567' }],
    ['number', { number: 'abc-defg-hij' }],
    ['number', { number: '1234567890123456' }],
    ['email', { email: 'not-an-email' }],
    ['extraInfo.0.name', { extraInfo: [{ name: '', value: 'x' }] }],
  ])('refuses a bad %s with 400 and writes nothing', async (field, patch) => {
    const body = newContact({ name: `Bad ${uid()}`, ...patch });
    const res = await a.admin.api.post('/api/contacts', body);
    expectInvalid(res, field);
    const name = (body.name as string).toLowerCase();
    if (name.length >= 2) expect((await search(a, name)).count).toBe(0);
  });

  it('refuses a number already in the company with 409 ERR_DUPLICATED_CONTACT; another company may have it', async () => {
    const c = await created(a);
    const again = await a.admin.api.post('/api/contacts', newContact({ number: `+${c.number}` }));
    expectError(again, 409, 'ERR_DUPLICATED_CONTACT');
    expect((await search(a, c.number)).count).toBe(1);
    const elsewhere = await b.admin.api.post('/api/contacts', newContact({ number: c.number }));
    expect(elsewhere.status).toBe(201);
  });
});

describe('GET /api/contacts', () => {
  it('searches name or number (case-insensitive), 20 a page, ordered by name, with the count', async () => {
    const tag = `Pager${uid()}`;
    const mine = [];
    for (let i = 0; i < 21; i++) mine.push(await created(a, { name: `${tag} ${String(20 - i).padStart(2, '0')}` }));
    await created(b, { name: `${tag} other company` });

    const first = await search(a, tag.toUpperCase());
    expect(first).toMatchObject({ hasMore: true, count: 21 });
    expect(first.contacts).toHaveLength(20);
    expect(first.contacts.map((c) => c.name)).toEqual(
      Array.from({ length: 20 }, (_, i) => `${tag} ${String(i).padStart(2, '0')}`),
    );
    const second = await search(a, tag, 2);
    expect(second).toMatchObject({ hasMore: false, count: 21 });
    expect(second.contacts.map((c) => c.name)).toEqual([`${tag} 20`]);

    const byNumber = await search(a, mine[3]!.number.slice(-8));
    expect(byNumber.contacts.map((c) => c.id)).toEqual([mine[3]!.id]);
  });

  it('matches % and _ literally', async () => {
    expect((await search(a, '%')).count).toBe(0);
  });
});

describe('GET /api/contacts/list', () => {
  it("answers a bare array of the company's contacts with id, name, number, email, profilePicUrl", async () => {
    const c = await created(a);
    const other = await created(b);
    const res = await staff.api.get('/api/contacts/list');
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const row = res.body.find((r: { id: number }) => r.id === c.id);
    expect(row).toEqual({ id: c.id, name: c.name, number: c.number, email: c.email, profilePicUrl: '' });
    expect(res.body.map((r: { id: number }) => r.id)).not.toContain(other.id);
  });
});

describe('GET/PUT/DELETE /api/contacts/:id', () => {
  it('edits only the fields given; the number is normalised', async () => {
    const c = await created(a, { extraInfo: [{ name: 'k', value: 'v' }] });
    const n = freshNumber();
    const res = await staff.api.put(`/api/contacts/${c.id}`, { name: 'Renamed', number: `+${n}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      id: c.id,
      name: 'Renamed',
      number: n,
      email: c.email,
      extraInfo: [{ name: 'k', value: 'v' }],
    });
    expect((await a.admin.api.get(`/api/contacts/${c.id}`)).body).toMatchObject({ name: 'Renamed', number: n });
  });

  it('refuses a bad edit with 400 and keeps the contact', async () => {
    const c = await created(a);
    expectInvalid(await a.admin.api.put(`/api/contacts/${c.id}`, { name: 'Fine name', email: 'nope' }), 'email');
    expect((await a.admin.api.get(`/api/contacts/${c.id}`)).body).toMatchObject({ name: c.name, email: c.email });
  });

  it('refuses to take another contact’s number with 409', async () => {
    const [c1, c2] = [await created(a), await created(a)];
    expectError(await a.admin.api.put(`/api/contacts/${c2.id}`, { number: c1.number }), 409, 'ERR_DUPLICATED_CONTACT');
    expect((await a.admin.api.get(`/api/contacts/${c2.id}`)).body.number).toBe(c2.number);
  });

  it('deletes with contacts-page:deleteContact (204); a plain user gets 403', async () => {
    const c = await created(a);
    expectNoPermission(await staff.api.delete(`/api/contacts/${c.id}`));
    expect((await a.admin.api.get(`/api/contacts/${c.id}`)).status).toBe(200);
    const res = await a.admin.api.delete(`/api/contacts/${c.id}`);
    expect(res.status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/contacts/${c.id}`));
    expectNotFound(await a.admin.api.delete(`/api/contacts/${c.id}`));
  });

  it("answers 404 for another company's contact, and changes nothing", async () => {
    const theirs = await created(b);
    expectNotFound(await a.admin.api.get(`/api/contacts/${theirs.id}`));
    expectNotFound(await a.admin.api.put(`/api/contacts/${theirs.id}`, { name: 'Hijacked' }));
    expectNotFound(await a.admin.api.delete(`/api/contacts/${theirs.id}`));
    expect((await b.admin.api.get(`/api/contacts/${theirs.id}`)).body).toMatchObject({ name: theirs.name });
  });
});

describe('POST /api/contacts/upload', () => {
  it('creates the valid rows once and reports the others; a second upload creates nothing', async () => {
    const tag = `Upload${uid()}`;
    const base = 5511900000000 + Math.floor(Math.random() * 1e7) * 10;
    const rows: Array<Record<string, unknown>> = Array.from({ length: 1000 }, (_, i) => ({
      name: `${tag} ${i}`,
      number: i % 2 ? String(base + i) : base + i, // sheets give numbers or text
      email: i % 3 ? '' : `u${i}@example.com`,
    }));
    rows[1] = { ...rows[1], number: '123' }; // too short
    rows[2] = { ...rows[2], number: 'no digits here' };
    rows[3] = { ...rows[3], email: 'broken@' };
    rows[4] = { ...rows[4], name: 'X' };
    rows[5] = { ...rows[5], name: null };
    rows[6] = { ...rows[6], number: String(base) }; // the same number as row 0, in the same file
    rows[7] = { ...rows[7], number: `+${base}` }; // row 0 again, written differently
    const existing = await created(a);
    rows[8] = { ...rows[8], number: existing.number }; // already in the company
    rows[9] = { ...rows[9], number: '1234567890123456789' }; // too long once normalised
    rows[10] = { ...rows[10], email: 'also broken' };

    const socket = await connectSocket(t.url, staff.token);
    const reload = new Promise<any>((resolve) =>
      socket.on(`company-${a.companyId}-contact`, (p: { action: string }) => p.action === 'reload' && resolve(p)),
    );
    const res = await a.admin.api.post('/api/contacts/upload', rows);
    expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
    try {
      expect(await within(reload, 3_000, 'the reload event')).toEqual({ action: 'reload', count: 990 });
    } finally {
      socket.disconnect();
    }
    expect(res.body.newContacts).toHaveLength(990);
    expect(res.body.errorBag).toHaveLength(10);
    const errorOf = (i: number) =>
      res.body.errorBag.find((e: { contact: { name: string } }) => e.contact.name === (rows[i]!.name ?? ''))?.error;
    expect(errorOf(1)).toBe('number.tooShort');
    expect(errorOf(2)).toBe('number.invalidNumber');
    expect(errorOf(3)).toBe('email.invalidEmail');
    expect(errorOf(4)).toBe('name.tooShort');
    expect(errorOf(6)).toBe('ERR_DUPLICATED_CONTACT');
    expect(errorOf(7)).toBe('ERR_DUPLICATED_CONTACT');
    expect(errorOf(8)).toBe('ERR_DUPLICATED_CONTACT');
    expect(errorOf(9)).toBe('number.invalidNumber');
    expect(res.body.errorBag).toContainEqual({
      contact: { name: '', number: String(base + 5) },
      error: 'name.tooShort',
    });
    expect(res.body.newContacts[0]).toMatchObject({ name: `${tag} 0`, number: String(base), email: 'u0@example.com' });
    expect((await search(a, tag)).count).toBe(990);
    expect((await search(a, existing.number)).contacts.map((c) => c.name)).toEqual([existing.name]);

    const again = await a.admin.api.post('/api/contacts/upload', rows);
    expect(again.status).toBe(200);
    expect(again.body.newContacts).toEqual([]);
    expect(again.body.errorBag).toHaveLength(1000);
    expect(again.body.errorBag.filter((e: { error: string }) => e.error === 'ERR_DUPLICATED_CONTACT')).toHaveLength(
      993,
    ); // 990 created last time, rows 6, 7 and 8
    expect((await search(a, tag)).count).toBe(990);
  });

  it('refuses more than 5,000 rows or rows that are not objects with 400, writing nothing', async () => {
    const tag = `Big${uid()}`;
    const rows = Array.from({ length: 5001 }, (_, i) => ({ name: `${tag} ${i}`, number: String(5511800000000 + i) }));
    expectInvalid(await a.admin.api.post('/api/contacts/upload', rows), 'body');
    expect((await search(a, tag)).count).toBe(0);
    expect((await a.admin.api.post('/api/contacts/upload', [1, 2])).status).toBe(400);
  });
});

describe('contact events', () => {
  it('reach a user of the company on create, update and delete', async () => {
    const socket = await connectSocket(t.url, staff.token);
    try {
      const heard: unknown[] = [];
      socket.on(`company-${a.companyId}-contact`, (payload) => {
        if (payload.action !== 'reload') heard.push(payload);
      });
      const next = (n: number) =>
        within(
          new Promise<void>((resolve) => {
            const check = () => (heard.length >= n ? resolve() : setTimeout(check, 20));
            check();
          }),
          3_000,
          `contact event ${n}`,
        );
      const c = await created(a);
      await next(1);
      expect(heard[0]).toEqual({ action: 'update', contact: expect.objectContaining({ id: c.id, name: c.name }) });
      await a.admin.api.put(`/api/contacts/${c.id}`, { name: 'Heard Rename' });
      await next(2);
      expect(heard[1]).toEqual({
        action: 'update',
        contact: expect.objectContaining({ id: c.id, name: 'Heard Rename' }),
      });
      await a.admin.api.delete(`/api/contacts/${c.id}`);
      await next(3);
      expect(heard[2]).toEqual({ action: 'delete', contactId: c.id });
    } finally {
      socket.disconnect();
    }
  });
});
