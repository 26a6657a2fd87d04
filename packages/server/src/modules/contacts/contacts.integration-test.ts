import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertCloudConnection,
  type Tenant,
} from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { insertConnection, scoped } from '../../../test/support/inbox.js';
import { channelLeases, contacts } from '../../db/schema/index.js';
import { sessionsOf } from '../../../test/support/app.js';

let t: TestApp;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 100, connections: 20 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  staff = await createStaff(t, a, { name: 'Plain Staff' });
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
let seq = 0;
/** A fresh São Paulo mobile (13 digits, a valid number: numbers are checked), unique within this run. */
const freshNumber = () => `55119${String(Date.now() % 1e4).padStart(4, '0')}${String(++seq).padStart(4, '0')}`;

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

  it('reads a number as people write it in Brazil: "(11) 94444-3333" is stored with its country code; an invalid one is refused with its reason', async () => {
    expect((await created(a, { number: '(11) 94444-3333' })).number).toBe('5511944443333');
    // Already international: kept. A mobile without its ninth digit (as WhatsApp knows many): as typed.
    expect((await created(a, { number: '+1 415 555 2671' })).number).toBe('14155552671');
    expect((await created(a, { number: '(21) 8765-4321' })).number).toBe('552187654321');
    const again = await a.admin.api.post('/api/contacts', newContact({ number: '55 11 94444-3333' }));
    expectError(again, 409, 'ERR_DUPLICATED_CONTACT');
    for (const number of ['(11) 04444-3333', '(00) 94444-3333', '+999 0000 0001']) {
      const name = `Invalid ${uid()}`;
      const res = await a.admin.api.post('/api/contacts', newContact({ name, number }));
      expectInvalid(res, 'number');
      expect(res.body.fields.number, number).toBe('invalidNumber');
      expect((await search(a, name.toLowerCase())).count).toBe(0);
    }
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

  it('ignores accents and case both ways, and finds fragments of the number and the email', async () => {
    const tag = `Acc${uid()}`;
    const accented = await created(a, { name: `José Conceição ${tag}`, email: `jose.${tag}@gmail.com` });
    const plain = await created(a, { name: `JOSE CONCEICAO ${tag}`, email: '' });
    await created(b, { name: `José Conceição ${tag}` });
    const both = [accented.id, plain.id].sort((x, y) => x - y);
    const ids = async (text: string) => (await search(a, text)).contacts.map((c) => c.id).sort((x, y) => x - y);

    for (const text of [`josé conceição ${tag}`, `jose conceicao ${tag}`, `JOSÉ CONCEIÇÃO ${tag}`, `Conceicao ${tag}`]) {
      expect(await ids(text), text).toEqual(both);
    }
    expect(await ids(`${tag.toLowerCase()}@gmail`)).toEqual([accented.id]);
    expect(await ids(`jose.${tag}@GMAIL.COM`)).toEqual([accented.id]);
    expect(await ids(plain.number.slice(-7))).toEqual([plain.id]);
    // A match never spans two fields: the name's end and the number's start are not one text.
    expect(await ids(`${tag}${plain.number.slice(0, 4)}`)).toEqual([]);
    expect(await ids(`${tag} ${plain.number.slice(0, 4)}`)).toEqual([]);
    expect(await ids(`${tag}\u001f${plain.number.slice(0, 4)}`)).toEqual([]);
  });

  it('keeps the count on a page past the end', async () => {
    const tag = `Late${uid()}`;
    await created(a, { name: `${tag} one` });
    await created(a, { name: `${tag} two` });
    expect(await search(a, tag, 5)).toEqual({ contacts: [], hasMore: false, count: 2 });
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

  it('reads an edited number the same way; an invalid one is refused and the contact kept', async () => {
    const c = await created(a);
    const res = await a.admin.api.put(`/api/contacts/${c.id}`, { number: '(31) 99876-5432' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.number).toBe('5531998765432');
    const wrong = await a.admin.api.put(`/api/contacts/${c.id}`, { number: '(31) 09876-5432' });
    expectInvalid(wrong, 'number');
    expect(wrong.body.fields.number).toBe('invalidNumber');
    expect((await a.admin.api.get(`/api/contacts/${c.id}`)).body.number).toBe('5531998765432');
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
    // Rio numbers (21): the fresh numbers of other tests are São Paulo ones (119…) and never collide.
    const base = 5521900000000 + Math.floor(Math.random() * 1e7) * 10;
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

  it('stores the country code of numbers written the Brazilian way and lists invalid numbers with their reason', async () => {
    const d = await createTenant(t);
    const res = await d.admin.api.post('/api/contacts/upload', [
      { name: 'Ana Nacional', number: '(11) 94444-3333' },
      { name: 'Bruno Sem Nove', number: '(11) 8444-3333' },
      { name: 'Carla Exterior', number: '+1 415 555 2671' },
      { name: 'Davi Inválido', number: '(11) 04444-3333' },
      { name: 'Eva Planilha', number: 11955554444 }, // a number cell
      { name: 'Ana De Novo', number: '+55 11 94444-3333' }, // row 1, written another way
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.newContacts.map((c: { name: string; number: string }) => [c.name, c.number])).toEqual([
      ['Ana Nacional', '5511944443333'],
      ['Bruno Sem Nove', '551184443333'],
      ['Carla Exterior', '14155552671'],
      ['Eva Planilha', '5511955554444'],
    ]);
    expect(res.body.errorBag).toEqual([
      { contact: { name: 'Davi Inválido', number: '(11) 04444-3333' }, error: 'number.invalidNumber' },
      { contact: { name: 'Ana De Novo', number: '+55 11 94444-3333' }, error: 'ERR_DUPLICATED_CONTACT' },
    ]);
  });

  it('previews an upload without writing: each row’s number as it would be stored, or its reason (the import dialog shows it)', async () => {
    const d = await createTenant(t);
    const rows = [
      { name: 'Ana Nacional', number: '(11) 94444-3333' },
      { name: 'Davi Inválido', number: '(11) 04444-3333', email: '' },
      { name: 'X', number: '(11) 93333-2222' },
      { name: 'Eva Planilha', number: 11955554444 },
    ];
    const res = await staff.api.post('/api/contacts/upload/preview', rows);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      rows: [
        { number: '5511944443333', error: null },
        { number: null, error: 'number.invalidNumber' },
        { number: null, error: 'name.tooShort' },
        { number: '5511955554444', error: null },
      ],
    });
    expect((await d.admin.api.post('/api/contacts/upload/preview', rows)).status).toBe(200);
    expect((await d.admin.api.get('/api/contacts')).body.count).toBe(0);
    expect((await search(a, 'Ana Nacional')).count).toBe(0);
    expectInvalid(await d.admin.api.post('/api/contacts/upload/preview', { rows }), 'body');
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

describe('GET /api/contacts date filters (days of the company: America/Sao_Paulo, UTC-3)', () => {
  const createdAt = (tenant: Tenant, id: number, iso: string) =>
    scoped(t, tenant.companyId, (tx) =>
      tx
        .update(contacts)
        .set({ createdAt: new Date(iso) })
        .where(eq(contacts.id, id)),
    );

  const names = async (tenant: Tenant, query: string) => {
    const res = await tenant.admin.api.get(`/api/contacts?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return {
      names: (res.body.contacts as Array<{ name: string }>).map((c) => c.name.split(' ').pop()),
      count: res.body.count as number,
    };
  };

  it('date picks one local day; dateStart and dateEnd bound the range, both days included', async () => {
    const tag = `Dated${uid()}`;
    const late = await created(a, { name: `${tag} late9` }); // 9 March, 23:30 in São Paulo
    const noon = await created(a, { name: `${tag} noon10` });
    const early = await created(a, { name: `${tag} early12` }); // 12 March, 00:30 in São Paulo
    const theirs = await created(b, { name: `${tag} theirs10` });
    await createdAt(a, late.id, '2031-03-10T02:30:00Z');
    await createdAt(a, noon.id, '2031-03-10T15:00:00Z');
    await createdAt(a, early.id, '2031-03-12T03:30:00Z');
    await createdAt(b, theirs.id, '2031-03-10T15:00:00Z');
    const q = `searchParam=${tag}`;

    expect(await names(a, `${q}&date=2031-03-09`)).toEqual({ names: ['late9'], count: 1 });
    expect(await names(a, `${q}&date=2031-03-10`)).toEqual({ names: ['noon10'], count: 1 });
    expect(await names(a, `${q}&date=2031-03-11`)).toEqual({ names: [], count: 0 });
    expect(await names(a, `${q}&dateStart=2031-03-10`)).toEqual({ names: ['early12', 'noon10'], count: 2 });
    expect(await names(a, `${q}&dateEnd=2031-03-10`)).toEqual({ names: ['late9', 'noon10'], count: 2 });
    expect(await names(a, `${q}&dateStart=2031-03-09&dateEnd=2031-03-11`)).toEqual({
      names: ['late9', 'noon10'],
      count: 2,
    });
    expect(await names(a, `${q}&dateStart=2031-03-10&dateEnd=2031-03-10&date=2031-03-10`)).toEqual({
      names: ['noon10'],
      count: 1,
    });
    // Empty values (cleared date fields) are no filter.
    expect((await names(a, `${q}&date=&dateStart=&dateEnd=`)).count).toBe(3);
  });

  it.each([
    ['date', 'date=2031-02-30'],
    ['date', 'date=yesterday'],
    ['dateStart', 'dateStart=2031-13-01'],
    ['dateEnd', 'dateEnd=10/03/2031'],
    ['dateEnd', 'dateStart=2031-03-11&dateEnd=2031-03-10'],
  ])('refuses a bad %s with 400', async (field, query) => {
    expectInvalid(await a.admin.api.get(`/api/contacts?${query}`), field);
  });
});

describe('POST /api/contacts/import', () => {
  /** Polls, giving the session registry a pass each time (the channel acts after the request). */
  async function until<T>(check: () => Promise<T>, what: string, ms = 15_000): Promise<NonNullable<T>> {
    const deadline = Date.now() + ms;
    for (;;) {
      const value = await check();
      if (value) return value as NonNullable<T>;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await sessionsOf(t).tick();
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** A sandbox connection created on the API and paired through the simulator (CONNECTED here). */
  async function pairedSandbox(tenant: Tenant) {
    const api = tenant.admin.api;
    const res = await api.post('/api/whatsapp', { name: `Sandbox ${uid()}`, provider: 'sandbox' });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body.id as number;
    const qrcode = await until(async () => {
      const state = await api.get(`/api/sandbox/${id}`);
      return state.body.status === 'qrcode' ? (state.body.qrcode as string) : '';
    }, 'a QR code');
    expect((await api.post(`/api/sandbox/${id}/scan`, { qrcode })).status).toBe(202);
    await until(async () => (await api.get(`/api/sandbox/${id}`)).body.status === 'CONNECTED', 'CONNECTED');
    return id;
  }

  let sandboxId: number;
  let c: Tenant;
  beforeAll(async () => {
    c = await createTenant(t, { planId: (await createPlan(t, { connections: 5 })).id });
    sandboxId = await pairedSandbox(c);
  });

  it("creates the connection's phone book as contacts (any staff member), reports the known ones, doubles nothing", async () => {
    const people = [
      { number: freshNumber(), name: 'Agenda Ana' },
      { number: freshNumber(), name: 'B' }, // too short to be a contact name: named by the number
      { number: freshNumber(), name: 'Agenda Carla' },
      { number: '4930123456', name: 'Agenda Berlim' }, // Berlin's, not Brazil's (49 is also an area code)
    ];
    for (const p of people) {
      expect((await c.admin.api.post(`/api/sandbox/${sandboxId}/customers`, p)).status).toBe(200);
    }
    const known = await created(c, { name: 'Already Known', number: people[2]!.number });
    const member = await createStaff(t, c);

    const socket = await connectSocket(t.url, member.token);
    const reload = new Promise<any>((resolve) =>
      socket.on(`company-${c.companyId}-contact`, (p: { action: string }) => p.action === 'reload' && resolve(p)),
    );
    const res = await member.api.post('/api/contacts/import', { whatsappId: sandboxId });
    try {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(await within(reload, 3_000, 'the reload event')).toEqual({ action: 'reload', count: 3 });
    } finally {
      socket.disconnect();
    }
    const byNumber = <T extends { number: string }>(list: T[]) =>
      [...list].sort((x, y) => x.number.localeCompare(y.number));
    expect(byNumber(res.body.newContacts)).toEqual(
      byNumber([
        { name: 'Agenda Ana', number: people[0]!.number },
        { name: people[1]!.number, number: people[1]!.number },
        { name: 'Agenda Berlim', number: '4930123456' },
      ]).map((c) => expect.objectContaining({ ...c, whatsappId: sandboxId })),
    );
    expect(res.body.errorBag).toEqual([
      { contact: { name: 'Agenda Carla', number: `+${people[2]!.number}` }, error: 'ERR_DUPLICATED_CONTACT' },
    ]);
    expect((await search(c, 'Agenda Ana')).count).toBe(1);
    expect((await c.admin.api.get(`/api/contacts/${known.id}`)).body.name).toBe('Already Known');

    // Again, with the default connection (none named): nothing new, all three reported.
    const again = await c.admin.api.post('/api/contacts/import', {});
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body.newContacts).toEqual([]);
    expect(again.body.errorBag.map((e: { error: string }) => e.error)).toEqual(Array(4).fill('ERR_DUPLICATED_CONTACT'));
    expect((await search(c, 'Agenda Ana')).count).toBe(1);
  });

  it('refuses a bad connection id with 400, and answers 401 without a session', async () => {
    expectInvalid(await c.admin.api.post('/api/contacts/import', { whatsappId: 'abc' }), 'whatsappId');
    expectInvalid(await c.admin.api.post('/api/contacts/import', { whatsappId: 0 }), 'whatsappId');
    expectError(await t.api.post('/api/contacts/import', { whatsappId: sandboxId }), 401, 'ERR_SESSION_EXPIRED');
  });

  it('refuses a Cloud API connection: it has no phone book (400 on whatsappId)', async () => {
    const cloud = await insertCloudConnection(t, c.companyId);
    const res = await c.admin.api.post('/api/contacts/import', { whatsappId: cloud.id });
    expectInvalid(res, 'whatsappId');
    expect(res.body.fields).toEqual({ whatsappId: 'importUnsupported' });
  });

  it('answers 409 ERR_WAPP_NOT_INITIALIZED (a state, not an outage) when the connection is not connected, or another process holds its session', async () => {
    const unpaired = await c.admin.api.post('/api/whatsapp', { name: `Unpaired ${uid()}`, provider: 'sandbox' });
    expect(unpaired.status).toBe(201);
    expectError(
      await c.admin.api.post('/api/contacts/import', { whatsappId: unpaired.body.id }),
      409,
      'ERR_WAPP_NOT_INITIALIZED',
    );

    const elsewhere = await insertConnection(t, c.companyId, { status: 'CONNECTED', sessionWanted: true });
    await t.running.deps.pools.platformDb.insert(channelLeases).values({
      whatsappId: elsewhere.id,
      companyId: c.companyId,
      holder: randomUUID(),
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    await sessionsOf(t).tick();
    const res = await c.admin.api.post('/api/contacts/import', { whatsappId: elsewhere.id });
    expectError(res, 409, 'ERR_WAPP_NOT_INITIALIZED');
    expect(res.body.message).toMatch(/another server process/);
  });

  it("answers 404 for another company's connection; 400 ERR_NO_DEF_WAPP_FOUND when there is no default one", async () => {
    expectNotFound(await a.admin.api.post('/api/contacts/import', { whatsappId: sandboxId }));
    const none = await createTenant(t);
    expectError(await none.admin.api.post('/api/contacts/import', {}), 400, 'ERR_NO_DEF_WAPP_FOUND');
  });
});
