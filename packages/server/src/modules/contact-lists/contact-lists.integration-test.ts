import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import ExcelJS from 'exceljs';
import * as XLSX from '@e965/xlsx';
import {
  eventName,
  type ContactList,
  type ContactListItem,
  type ContactListItemPage,
  type ContactListPage,
  type ContactListUploadResult,
  type EventPayload,
} from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import {
  createPlan,
  createStaff,
  createTenant,
  insertCloudConnection,
  type Tenant,
} from '../../../test/support/factories.js';
import type { Deps } from '../../platform/context.js';
import { checkListNumbers } from './jobs.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { listen, phone } from '../../../test/support/inbox.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';

type ItemEvent = EventPayload<'contactListItem'>;
type ListEvent = EventPayload<'contactList'>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let noFlag: Tenant;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  noFlag = await createTenant(t, { planId: (await createPlan(t, { useCampaigns: false })).id });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(async () => {
  await t?.stop();
});

const snapshot = () => dbSnapshot(t.running.deps.pools.owner);
const q = async (text: string, params: unknown[] = []) => (await t.running.deps.pools.owner.query(text, params)).rows;

async function newList(tenant: Tenant, name = 'Clientes VIP') {
  const res = await tenant.admin.api.post('/api/contact-lists', { name });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ContactList;
}
async function newItem(tenant: Tenant, contactListId: number, body: Record<string, unknown> = {}) {
  const res = await tenant.admin.api.post('/api/contact-list-items', {
    name: 'Maria Souza',
    number: phone(),
    contactListId,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ContactListItem;
}

type Rows = Array<Array<string | number | null>>;

async function xlsx(rows: Rows): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Contatos');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await book.xlsx.writeBuffer());
}
function xls(rows: Rows): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Contatos');
  return XLSX.write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}

async function upload(tenant: Tenant, id: number, file: Buffer, name: string, field = 'file') {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(file)]), name);
  const res = await fetch(`${t.url}/api/contact-lists/${id}/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${tenant.admin.token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any };
}

async function listenTopic<T>(tenant: Tenant, topic: 'contactList' | 'contactListItem') {
  const socket = await connectSocket(t.url, tenant.admin.token);
  sockets.push(socket);
  return listen<T>(socket, eventName(tenant.companyId, topic));
}

describe('contact lists', () => {
  it('creates, reads, renames, pages with counts and deletes a list; the company hears each', async () => {
    const heard = await listenTopic<ListEvent>(a, 'contactList');
    const list = await newList(a, 'Lista Zeta Busca');
    expect(list).toMatchObject({ name: 'Lista Zeta Busca', contactsCount: 0 });
    await newItem(a, list.id);
    await newItem(a, list.id);
    expect((await a.admin.api.get(`/api/contact-lists/${list.id}`)).body).toMatchObject({ contactsCount: 2 });

    const page = (await a.admin.api.get('/api/contact-lists?searchParam=zeta busca')).body as ContactListPage;
    expect(page).toMatchObject({ count: 1, hasMore: false });
    expect(page.records[0]).toMatchObject({ id: list.id, contactsCount: 2 });
    const options = (await a.admin.api.get('/api/contact-lists/list')).body as Array<{ id: number; name: string }>;
    expect(Array.isArray(options)).toBe(true);
    expect(options).toContainEqual({ id: list.id, name: 'Lista Zeta Busca' });

    const renamed = await a.admin.api.put(`/api/contact-lists/${list.id}`, { name: 'Lista Renomeada' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Lista Renomeada', contactsCount: 2 });

    expect((await a.admin.api.delete(`/api/contact-lists/${list.id}`)).status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/contact-lists/${list.id}`));
    expect(await q('select count(*)::int n from contact_list_items where contact_list_id = $1', [list.id])).toEqual([
      { n: 0 },
    ]);
    await heard.waitFor((e) => e.action === 'delete' && e.contactListId === list.id);
    expect(heard.heard.map((e) => e.action)).toEqual(['create', 'update', 'delete']);
  });

  it('pages 20 at a time with hasMore', async () => {
    const c = await createTenant(t);
    for (let i = 0; i < 21; i++) await newList(c, `Lista ${String(i).padStart(2, '0')}`);
    const first = (await c.admin.api.get('/api/contact-lists')).body as ContactListPage;
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records).toHaveLength(20);
    const second = (await c.admin.api.get('/api/contact-lists?pageNumber=2')).body as ContactListPage;
    expect(second.records.map((r) => r.name)).toEqual(['Lista 20']);
  });

  it('refuses a bad name (400 naming it), writing nothing', async () => {
    const list = await newList(a);
    const before = await snapshot();
    expectInvalid(await a.admin.api.post('/api/contact-lists', { name: 'x' }), 'name');
    expectInvalid(await a.admin.api.post('/api/contact-lists', { name: 'x'.repeat(51) }), 'name');
    expectInvalid(await a.admin.api.post('/api/contact-lists', {}), 'name');
    expectInvalid(await a.admin.api.put(`/api/contact-lists/${list.id}`, { name: ' a ' }), 'name');
    expectInvalid(await a.admin.api.get('/api/contact-lists?pageNumber=0'), 'pageNumber');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('contact list items', () => {
  it('adds, reads, searches, edits and deletes items; numbers stored as digits; events name the list', async () => {
    const list = await newList(a);
    const heard = await listenTopic<ItemEvent>(a, 'contactListItem');
    const item = await newItem(a, list.id, {
      name: 'João Lima',
      number: '+55 (11) 98888-7777',
      email: 'Joao@Example.com',
    });
    expect(item).toMatchObject({
      name: 'João Lima',
      number: '5511988887777',
      email: 'joao@example.com',
      isWhatsappValid: null,
      companyId: a.companyId,
      contactListId: list.id,
    });
    await newItem(a, list.id, { name: 'Ana Prado' });
    expect((await a.admin.api.get(`/api/contact-list-items/${item.id}`)).body).toMatchObject({ id: item.id });

    const all = (await a.admin.api.get(`/api/contact-list-items?contactListId=${list.id}`)).body as ContactListItemPage;
    expect(all).toMatchObject({ count: 2, hasMore: false });
    expect(all.contacts.map((c) => c.name)).toEqual(['Ana Prado', 'João Lima']);
    const found = (await a.admin.api.get(`/api/contact-list-items?contactListId=${list.id}&searchParam=88887777`))
      .body as ContactListItemPage;
    expect(found.contacts.map((c) => c.id)).toEqual([item.id]);

    const edited = await a.admin.api.put(`/api/contact-list-items/${item.id}`, {
      name: 'João L.',
      number: '11 97777-6666',
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ name: 'João L.', number: '5511977776666', email: 'joao@example.com' });

    expect((await a.admin.api.delete(`/api/contact-list-items/${item.id}`)).status).toBe(204);
    expectNotFound(await a.admin.api.get(`/api/contact-list-items/${item.id}`));
    await heard.waitFor((e) => e.action === 'delete');
    expect(heard.heard.map((e) => [e.action, e.contactListId])).toEqual([
      ['create', list.id],
      ['create', list.id],
      ['update', list.id],
      ['delete', list.id],
    ]);
  });

  it('one number once per list: 409 ERR_DUPLICATED_CONTACT; another list may have it', async () => {
    const list = await newList(a);
    const other = await newList(a);
    const item = await newItem(a, list.id, { number: '11 96666-5555' });
    expectError(
      await a.admin.api.post('/api/contact-list-items', {
        name: 'Outra',
        number: '5511966665555',
        contactListId: list.id,
      }),
      409,
      'ERR_DUPLICATED_CONTACT',
    );
    await newItem(a, other.id, { number: '11 96666-5555' });
    const second = await newItem(a, list.id);
    expectError(
      await a.admin.api.put(`/api/contact-list-items/${second.id}`, { number: '(11) 96666-5555' }),
      409,
      'ERR_DUPLICATED_CONTACT',
    );
    expect(item.number).toBe('5511966665555');
  });

  it('refuses bad input (400 naming the field), writing nothing', async () => {
    const list = await newList(a);
    const item = await newItem(a, list.id);
    const theirs = await newList(b);
    const before = await snapshot();
    const post = (body: Record<string, unknown>) =>
      a.admin.api.post('/api/contact-list-items', { name: 'Maria', number: phone(), contactListId: list.id, ...body });
    expectInvalid(await post({ name: 'M' }), 'name');
    expectInvalid(await post({ name: 'M'.repeat(51) }), 'name');
    expectInvalid(await post({ number: '1234' }), 'number');
    expectInvalid(await post({ number: '(11) 04444-3333' }), 'number');
    expectInvalid(await post({ email: 'not-an-email' }), 'email');
    expectInvalid(await post({ contactListId: 'abc' }), 'contactListId');
    expectInvalid(await post({ contactListId: theirs.id }), 'contactListId');
    expectInvalid(await a.admin.api.put(`/api/contact-list-items/${item.id}`, { email: 'x@' }), 'email');
    expectInvalid(await a.admin.api.get('/api/contact-list-items'), 'contactListId');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('deleting an item needs contacts-page:deleteContact; staff may read, add and edit', async () => {
    const list = await newList(a);
    const staff = await createStaff(t, a);
    const created = await staff.api.post('/api/contact-list-items', {
      name: 'Pedro',
      number: phone(),
      contactListId: list.id,
    });
    expect(created.status).toBe(201);
    expect((await staff.api.put(`/api/contact-list-items/${created.body.id}`, { name: 'Pedro S.' })).status).toBe(200);
    expectNoPermission(await staff.api.delete(`/api/contact-list-items/${created.body.id}`));
    expect((await a.admin.api.get(`/api/contact-list-items/${created.body.id}`)).status).toBe(200);
  });
});

describe('access', () => {
  it("another company's list and item are 404 on every route, and stay as they were", async () => {
    const list = await newList(b);
    const item = await newItem(b, list.id);
    const before = await snapshot();
    const api = a.admin.api;
    expectNotFound(await api.get(`/api/contact-lists/${list.id}`));
    expectNotFound(await api.put(`/api/contact-lists/${list.id}`, { name: 'Invadida' }));
    expectNotFound(await api.delete(`/api/contact-lists/${list.id}`));
    expectNotFound(
      (await upload(
        a,
        list.id,
        await xlsx([
          ['nome', 'numero'],
          ['Ana', phone()],
        ]),
        'a.xlsx',
      )) as any,
    );
    expectNotFound(await api.get(`/api/contact-list-items?contactListId=${list.id}`));
    expectNotFound(await api.get(`/api/contact-list-items/${item.id}`));
    expectNotFound(await api.put(`/api/contact-list-items/${item.id}`, { name: 'Invadido' }));
    expectNotFound(await api.delete(`/api/contact-list-items/${item.id}`));
    expect(((await api.get('/api/contact-lists/list')).body as ContactList[]).map((l) => l.id)).not.toContain(list.id);
    expect(changedTables(before, await snapshot())).toEqual([]);
  });

  it('a plan without useCampaigns gets 403 on every route', async () => {
    const api = noFlag.admin.api;
    expectNoPermission(await api.get('/api/contact-lists'));
    expectNoPermission(await api.get('/api/contact-lists/list'));
    expectNoPermission(await api.post('/api/contact-lists', { name: 'Lista' }));
    expectNoPermission(await api.get('/api/contact-lists/1'));
    expectNoPermission(await api.put('/api/contact-lists/1', { name: 'Lista' }));
    expectNoPermission(await api.delete('/api/contact-lists/1'));
    expectNoPermission((await upload(noFlag, 1, await xlsx([['nome']]), 'a.xlsx')) as any);
    expectNoPermission(await api.get('/api/contact-list-items?contactListId=1'));
    expectNoPermission(await api.post('/api/contact-list-items', { name: 'Ana', number: phone(), contactListId: 1 }));
    expectNoPermission(await api.get('/api/contact-list-items/1'));
    expectNoPermission(await api.put('/api/contact-list-items/1', { name: 'Ana' }));
    expectNoPermission(await api.delete('/api/contact-list-items/1'));
  });
});

describe('import', () => {
  const sheet: Rows = [
    ['Nome', 'NÚMERO', 'E-mail'],
    ['Ana Prado', '(11) 94444-3333', 'ana@example.com'],
    ['B', '(11) 95555-4444', null],
    ['Carlos Dias', '123', null],
    [null, null, null],
    ['Dora Reis', 5511966667777, 'dora@'],
    ['Eva Nunes', '+55 11 97777-8888', null],
    ['Eva de novo', '11977778888', null],
  ];

  for (const [kind, make] of [
    ['.xlsx', xlsx],
    ['.xls', async (rows: Rows) => xls(rows)],
  ] as const) {
    it(`reads an ${kind} sheet: good rows stored, bad ones refused with their row and reason; a second import doubles nothing`, async () => {
      const list = await newList(a);
      const heard = await listenTopic<ItemEvent>(a, 'contactListItem');
      const file = await make(sheet);
      const first = await upload(a, list.id, file, `contatos${kind}`);
      expect(first.status, JSON.stringify(first.body)).toBe(200);
      expect(first.body as ContactListUploadResult).toEqual({
        rows: 6,
        added: 2,
        duplicates: 1,
        refusedCount: 3,
        refused: [
          { row: 3, name: 'B', number: '(11) 95555-4444', error: 'name.tooShort' },
          { row: 4, name: 'Carlos Dias', number: '123', error: 'number.tooShort' },
          { row: 6, name: 'Dora Reis', number: '5511966667777', error: 'email.invalidEmail' },
        ],
      });
      const items = (await a.admin.api.get(`/api/contact-list-items?contactListId=${list.id}`))
        .body as ContactListItemPage;
      expect(items.contacts.map((c) => [c.name, c.number, c.email, c.isWhatsappValid])).toEqual([
        ['Ana Prado', '5511944443333', 'ana@example.com', null],
        ['Eva Nunes', '5511977778888', '', null],
      ]);
      await heard.waitFor((e) => e.action === 'reload' && e.contactListId === list.id);
      expect(heard.heard.find((e) => e.action === 'progress')).toMatchObject({ contactListId: list.id, added: 2 });

      const second = await upload(a, list.id, file, `contatos${kind}`);
      expect(second.body).toMatchObject({ rows: 6, added: 0, duplicates: 3, refusedCount: 3 });
      expect(await q('select count(*)::int n from contact_list_items where contact_list_id = $1', [list.id])).toEqual([
        { n: 2 },
      ]);
    });
  }

  it('a sheet of several batches: every row stored or refused, repeats across batches counted once', async () => {
    const list = await newList(a);
    const rows: Rows = [['name', 'number']];
    for (let i = 0; i < 4_500; i++) rows.push([`Cliente ${i}`, `55119${String(20_000_000 + i)}`]);
    rows.push(['Repetido', '5511920000000'], ['Ruim', 'abcdefghij']);
    const res = await upload(a, list.id, await xlsx(rows), 'grande.xlsx');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 4_502, added: 4_500, duplicates: 1, refusedCount: 1 });
    expect(res.body.refused).toEqual([
      { row: 4_503, name: 'Ruim', number: 'abcdefghij', error: 'number.invalidNumber' },
    ]);
    expect((await a.admin.api.get(`/api/contact-lists/${list.id}`)).body).toMatchObject({ contactsCount: 4_500 });
  });

  it('refuses a file that is no sheet, a sheet without name and number columns, and no file (400 on `file`), writing nothing', async () => {
    const list = await newList(a);
    const before = await snapshot();
    expectInvalid((await upload(a, list.id, Buffer.from('nome,numero\nAna,11944443333\n'), 'a.csv')) as any, 'file');
    expectInvalid((await upload(a, list.id, Buffer.from('not a sheet at all'), 'a.xlsx')) as any, 'file');
    expectInvalid(
      (await upload(
        a,
        list.id,
        await xlsx([
          ['foo', 'bar'],
          ['Ana', phone()],
        ]),
        'a.xlsx',
      )) as any,
      'file',
    );
    expectInvalid((await upload(a, list.id, await xlsx([]), 'a.xlsx')) as any, 'file');
    expectInvalid((await upload(a, list.id, await xlsx([['nome', 'numero']]), 'a.xlsx', 'other')) as any, 'file');
    expect(changedTables(before, await snapshot())).toEqual([]);
  });
});

describe('WhatsApp validity', () => {
  it("an import queues the list's check; a provider that can tell sets true/false, one that cannot leaves null", async () => {
    const c = await createTenant(t);
    const conn = await insertCloudConnection(t, c.companyId, { isDefault: true });
    const list = await newList(c);
    const yes = phone();
    const no = phone();
    const res = await upload(
      c,
      list.id,
      await xlsx([
        ['name', 'number'],
        ['Com WhatsApp', yes],
        ['Sem WhatsApp', no],
      ]),
      'a.xlsx',
    );
    expect(res.body).toMatchObject({ added: 2 });
    expect(
      await q(
        `select count(*)::int n from pgboss.job where name = 'contact-list-check-numbers' and data->>'contactListId' = $1`,
        [String(list.id)],
      ),
    ).toEqual([{ n: 1 }]);

    // The Cloud API cannot tell: the items stay null.
    expect(await checkListNumbers(t.running.deps, c.companyId, list.id, 0)).toEqual({ checked: 0, more: false });
    const validity = async () =>
      ((await c.admin.api.get(`/api/contact-list-items?contactListId=${list.id}`)).body as ContactListItemPage).contacts
        .map((i) => [i.number, i.isWhatsappValid])
        .sort();

    expect(await validity()).toEqual(
      [
        [yes, null],
        [no, null],
      ].sort(),
    );

    // A provider that can tell (WhatsApp Web's on-WhatsApp lookup), asked of the default connection.
    const asked: Array<[number, string]> = [];
    await q('update whatsapps set provider = $1 where id = $2', ['beta', conn.id]);
    const deps: Deps = {
      ...t.running.deps,
      sessions: {
        ...t.running.deps.sessions,
        phoneBook: () => undefined,
        onWhatsApp: (whatsappId: number, number: string) => {
          asked.push([whatsappId, number]);
          return Promise.resolve(number === yes);
        },
      },
    };
    const heard = await listenTopic<ItemEvent>(c, 'contactListItem');
    expect(await checkListNumbers(deps, c.companyId, list.id, 0)).toEqual({ checked: 2, more: false });
    expect(asked.map(([id]) => id)).toEqual([conn.id, conn.id]);
    expect(await validity()).toEqual(
      [
        [yes, true],
        [no, false],
      ].sort(),
    );
    await heard.waitFor((e) => e.action === 'update' && e.record.isWhatsappValid === true);
  });
});
