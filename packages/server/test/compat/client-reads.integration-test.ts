/**
 * What the spec's web client reads, where it broke against Balcão when it was built unchanged and
 * driven in a browser (issue 30), each replayed as the client does it and checked on the field it
 * reads: its kanban's `user.queues[].UserQueue.queueId`, Financeiro's `data.forEach`, the chat
 * page's `company-{id}-chat-user-{userId}` and the pop-over's `newMessage.chat.users`, a
 * company's due date as the companies form reads and saves it back in São Paulo (and the header
 * shows it), and the file modal's first, empty option row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SUPER_EMAIL, SUPER_PASSWORD, startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createStaff, createTenant, signupTenant, type Tenant } from '../support/factories.js';
import { connectSocket } from '../support/socket.js';
import { eventually } from '../support/eventually.js';
import { AtendechatClient, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';

interface Heard {
  name: string;
  payload: any;
}

/** A tab of the client: its socket as the client opens it, and what it heard. */
async function clientTab(t: TestApp, token: string) {
  const socket = await connectSocket(t.url, token);
  const heard: Heard[] = [];
  socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
  socket.emit('joinNotification');
  return {
    socket,
    heard,
    next(name: string, pass: (p: any) => boolean, what: string, since = 0): Promise<any> {
      return eventually(
        () => heard.slice(since).find((h) => h.name === name && pass(h.payload))?.payload,
        10_000,
        what,
      );
    },
    mark: () => heard.length,
  };
}
type Tab = Awaited<ReturnType<typeof clientTab>>;

let t: TestApp;
let tenant: Tenant;
let companyId: number;
const replayed = new Set<SpecCall>();
let admin: AtendechatClient;
let queue: { id: number; name: string; color: string };
let staff: Awaited<ReturnType<typeof createStaff>>;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t);
  tenant = await createTenant(t, { planId: plan.id });
  companyId = tenant.companyId;
  admin = new AtendechatClient(t.url, tenant.admin.token, replayed);
  const q = await tenant.admin.api.post('/api/queue', { name: 'Vendas', color: '#0a7cff' });
  expect(q.status, JSON.stringify(q.body)).toBe(201);
  queue = q.body;
  staff = await createStaff(t, tenant, { name: 'Ana Atendente', queueIds: [queue.id] });
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.stop();
});

/** A browser tab signing in through the login page, its cookie jar keeping the refresh cookie. */
async function signIn(email: string, password: string) {
  const jar = new Map<string, string>();
  const data = ok(
    await new AtendechatClient(t.url, undefined, replayed, jar).call('POST /auth/login', '/auth/login', {
      body: { email, password },
    }),
    `login of ${email}`,
  );
  return { data, client: new AtendechatClient(t.url, data.token, replayed, jar) };
}

/** What the client reads of a user's queue: `UserQueue.queueId`, beside the queue's own fields. */
const queueAsRead = (userId: number) => ({
  id: queue.id,
  name: 'Vendas',
  color: '#0a7cff',
  UserQueue: { userId, queueId: queue.id },
});

describe("1. a user's queues carry UserQueue (Kanban, the queue filters)", () => {
  it('login, refresh, /auth/me, /users/{id}, /users/list, /users/ and the user event: queues[].UserQueue.queueId', async () => {
    const { data, client } = await signIn(staff.email, staff.password);
    expect(data.user.queues).toEqual([queueAsRead(staff.id)]);
    // pages/Kanban: `user.queues.map((q) => q.UserQueue.queueId)`, sent as JSON.
    const queueIds = data.user.queues.map((q: any) => q.UserQueue.queueId);
    expect(queueIds).toEqual([queue.id]);
    const kanban = ok(
      await client.call('GET /ticket/kanban', '/ticket/kanban', {
        params: { queueIds: JSON.stringify(queueIds), showAll: false },
      }),
      'kanban',
    );
    expect(kanban.tickets).toEqual(expect.any(Array));

    const refreshed = ok(await client.call('POST /auth/refresh_token', '/auth/refresh_token'), 'refresh');
    expect(refreshed.user.queues[0].UserQueue.queueId).toBe(queue.id);
    const me = ok(await client.as(refreshed.token).call('GET /auth/me', '/auth/me'), 'me');
    expect(me.queues).toEqual([queueAsRead(staff.id)]);

    const one = ok(await admin.call('GET /users/{id}', `/users/${staff.id}`), 'user');
    expect(one.queues).toEqual([queueAsRead(staff.id)]);
    const listed = ok(await admin.call('GET /users/list', '/users/list'), 'users list');
    expect(listed.find((u: any) => u.id === staff.id).queues).toEqual([queueAsRead(staff.id)]);
    const page = ok(
      await admin.call('GET /users/', '/users/', { params: { searchParam: '', pageNumber: 1 } }),
      'users',
    );
    expect(page.users.find((u: any) => u.id === staff.id).queues[0].UserQueue.queueId).toBe(queue.id);

    // useAuth swaps in the user of `company-{id}-user` {action: 'update'} when it is its own.
    const tab = await clientTab(t, refreshed.token);
    sockets.push(tab.socket);
    const since = tab.mark();
    ok(
      await admin.call('PUT /users/{id}', `/users/${staff.id}`, { body: { ...one, name: 'Ana Paula Atendente' } }),
      'rename',
    );
    const heard = await tab.next(
      `company-${companyId}-user`,
      (p) => p.action === 'update' && p.user?.id === staff.id,
      'user update',
      since,
    );
    expect(heard.user.queues).toEqual([queueAsRead(staff.id)]);
  });
});

describe('2. GET /invoices/all is a bare array (pages/Financeiro)', () => {
  it('the reducer iterates the answer itself (`invoices.forEach`)', async () => {
    const signedUp = await signupTenant(t);
    const financeiro = new AtendechatClient(t.url, signedUp.admin.token, replayed);
    const data = ok(
      await financeiro.call('GET /invoices/all', '/invoices/all', { params: { searchParam: '', pageNumber: 1 } }),
      'invoices',
    );
    const rows: any[] = [];
    data.forEach((invoice: any) => rows.push(invoice));
    expect(rows).toEqual([
      expect.objectContaining({
        id: expect.any(Number),
        detail: expect.any(String),
        value: expect.any(Number),
        status: 'open',
      }),
    ]);
    // The due date column: a calendar day (`YYYY-MM-DD`).
    expect(rows[0].dueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('3. internal chat: the chat page lists new chats live; the pop-over reads newMessage.chat.users', () => {
  let adminTab: Tab;
  let staffTab: Tab;
  let outsiderTab: Tab;
  let third: Awaited<ReturnType<typeof createStaff>>;
  let chat: any;

  beforeAll(async () => {
    third = await createStaff(t, tenant, { name: 'Bruno Suporte' });
    const outsider = await createStaff(t, tenant, { name: 'Carla Fora' });
    adminTab = await clientTab(t, tenant.admin.token);
    staffTab = await clientTab(t, (await signIn(staff.email, staff.password)).data.token);
    outsiderTab = await clientTab(t, outsider.token);
    sockets.push(adminTab.socket, staffTab.socket, outsiderTab.socket);
  });

  it('POST /chats: each member hears company-{id}-chat-user-{userId} {action: create, record}', async () => {
    const marks = [adminTab.mark(), staffTab.mark(), outsiderTab.mark()];
    const users = ok(await admin.call('GET /users/list', '/users/list'), 'users');
    chat = ok(
      await admin.call('POST /chats', '/chats', {
        body: { users: users.filter((u: any) => u.id === staff.id), title: 'Plantão' },
      }),
      'create chat',
    );
    for (const [tab, userId, since] of [
      [adminTab, tenant.admin.id, marks[0]],
      [staffTab, staff.id, marks[1]],
    ] as const) {
      const created = await tab.next(
        `company-${companyId}-chat-user-${userId}`,
        (p) => p.action === 'create',
        `chat-user-${userId} create`,
        since,
      );
      // pages/Chat: `setChats((prev) => [data.record, ...prev])`.
      expect(created.record).toMatchObject({
        id: chat.id,
        uuid: chat.uuid,
        title: 'Plantão',
        ownerId: tenant.admin.id,
      });
      expect(created.record.users.map((u: any) => u.userId).sort()).toEqual([tenant.admin.id, staff.id].sort());
    }
    await new Promise((r) => setTimeout(r, 300));
    expect(outsiderTab.heard.slice(marks[2]).filter((h) => h.name.includes('-chat'))).toEqual([]);
  });

  it('PUT /chats/{id}: a member added hears create, the others update, on their own channels', async () => {
    const marks = [staffTab.mark()];
    const addedTab = await clientTab(t, third.token);
    sockets.push(addedTab.socket);
    ok(
      await admin.call('PUT /chats/{id}', `/chats/${chat.id}`, {
        body: { users: [{ id: staff.id }, { id: third.id }], title: 'Plantão de sábado' },
      }),
      'edit chat',
    );
    const joined = await addedTab.next(
      `company-${companyId}-chat-user-${third.id}`,
      (p) => p.action === 'create',
      'added member create',
    );
    expect(joined.record).toMatchObject({ id: chat.id, title: 'Plantão de sábado' });
    const renamed = await staffTab.next(
      `company-${companyId}-chat-user-${staff.id}`,
      (p) => p.action === 'update',
      'member update',
      marks[0],
    );
    expect(renamed.record).toMatchObject({ id: chat.id, title: 'Plantão de sábado' });
  });

  it('POST /chats/{id}/messages: every member hears new-message with newMessage.chat.users (unreads per member)', async () => {
    const since = staffTab.mark();
    ok(
      await admin.call('POST /chats/{id}/messages', `/chats/${chat.id}/messages`, {
        body: { message: 'Quem cobre a tarde?' },
      }),
      'send',
    );
    const heard = await staffTab.next(
      `company-${companyId}-chat`,
      (p) => p.action === 'new-message',
      'new-message',
      since,
    );
    // components/ChatPopover: the message is not its own, so it counts the reader's unreads
    // from `data.newMessage.chat.users`.
    expect(heard.newMessage.senderId).not.toBe(staff.id);
    const mine = heard.newMessage.chat.users.find((u: any) => u.userId === staff.id);
    expect(mine).toMatchObject({ unreads: 1, user: { id: staff.id } });
    expect(heard.newMessage.chat).toMatchObject({ id: chat.id, title: 'Plantão de sábado' });
    expect(heard.newMessage).toMatchObject({ chatId: chat.id, message: 'Quem cobre a tarde?' });
  });
});

/**
 * `moment(value).format('YYYY-MM-DD')` in a browser in São Paulo, as the companies form fills its
 * date field: a date-only text is read as that local day; a date-time is an instant, shown in the
 * browser's zone (so a UTC midnight is the day before).
 */
function momentDayInSaoPaulo(value: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(value));
}

describe("4. date-only fields are calendar days (CompaniesManager, the header's due date)", () => {
  it('a due date saved from the companies form in São Paulo stays the same day, save after save', async () => {
    const { client: operator } = await signIn(SUPER_EMAIL, SUPER_PASSWORD);
    const listed = async () =>
      (ok(await operator.call('GET /companies/list', '/companies/list'), 'companies') as any[]).find(
        (c) => c.id === companyId,
      );
    let current = await listed();
    ok(
      await operator.call('PUT /companies/{id}', `/companies/${companyId}`, {
        body: { ...current, dueDate: '2027-01-06', recurrence: current.recurrence ?? '' },
      }),
      'save',
    );
    for (let save = 0; save < 2; save++) {
      current = await listed();
      expect(current.dueDate).toBe('2027-01-06');
      // handleSelect: `dueDate: moment(data.dueDate).format('YYYY-MM-DD')`, then saved as it is.
      const shown = momentDayInSaoPaulo(current.dueDate);
      expect(shown).toBe('2027-01-06');
      const saved = ok(
        await operator.call('PUT /companies/{id}', `/companies/${companyId}`, { body: { ...current, dueDate: shown } }),
        'save again',
      );
      expect(saved.dueDate).toBe('2027-01-06');
    }
    const one = ok(await operator.call('GET /companies/{id}', `/companies/${companyId}`), 'company');
    expect(one.dueDate).toBe('2027-01-06');
  });

  it("login and /auth/me: the company's dueDate is a day (the platform's 2099-12-31 is shown as 31/12/2099)", async () => {
    const { data, client } = await signIn(SUPER_EMAIL, SUPER_PASSWORD);
    expect(data.user.company.dueDate).toBe('2099-12-31');
    const me = ok(await client.call('GET /auth/me', '/auth/me'), 'me');
    expect(me.company.dueDate).toBe('2099-12-31');
    // The header: "Active until {dateToClient(user.company.dueDate)}", a moment of the value.
    expect(momentDayInSaoPaulo(me.company.dueDate)).toBe('2099-12-31');
    const { data: staffLogin } = await signIn(staff.email, staff.password);
    expect(staffLogin.user.company.dueDate).toBe('2027-01-06');
  });
});

describe('5. the file modal as it opens: one empty option row (pages/Files, components/FileModal)', () => {
  it('POST /files with options [{name: "", path: "", mediaType: ""}]: saved, the empty row dropped', async () => {
    const created = ok(
      await admin.call('POST /files', '/files', {
        body: {
          name: 'Catálogo',
          message: 'Nosso catálogo',
          options: [{ name: '', path: '', mediaType: '' }],
          userId: tenant.admin.id,
        },
      }),
      'create file list',
    );
    expect(created).toMatchObject({ name: 'Catálogo', options: [] });
    // Edited with one option named and the modal's blank row still below it.
    const edited = ok(
      await admin.call('PUT /files/{id}', `/files/${created.id}`, {
        body: {
          ...created,
          options: [
            { name: 'Preços', path: '', mediaType: '' },
            { name: '', path: '', mediaType: '' },
          ],
        },
      }),
      'edit file list',
    );
    expect(edited.options).toEqual([expect.objectContaining({ name: 'Preços', path: null })]);
    // A named row with a blank name is still refused (it is an option, not a blank row).
    const refused = await admin.call('PUT /files/{id}', `/files/${created.id}`, {
      body: { options: [{ id: edited.options[0].id, name: '' }] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { 'options.0.name': expect.any(String) } });
  });
});
