import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eventName, type Chat, type ChatMessage, type EventPayload } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import type { Api } from '../../../test/support/client.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound, expectSignedOut } from '../../../test/support/expect.js';
import { connectSocket, within } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;
type ChatEvent = EventPayload<'chat'>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
/** Two members-to-be of company A's chats, and a colleague of theirs who is in none. */
let ana: Staff;
let bia: Staff;
let outsider: Staff;
let bStaff: Staff;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t);
  b = await createTenant(t);
  ana = await createStaff(t, a, { name: 'Ana' });
  bia = await createStaff(t, a, { name: 'Bia' });
  outsider = await createStaff(t, a, { name: 'Zé' });
  bStaff = await createStaff(t, b, { name: 'Bruno' });
});
afterAll(async () => {
  for (const s of sockets) s.close();
  await t.stop();
});

const uid = () => randomBytes(4).toString('hex');

async function newChat(api: Api, users: number[], title = `Chat ${uid()}`) {
  const res = await api.post('/api/chats', { title, users: users.map((id) => ({ id })) });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as Chat;
}
async function send(api: Api, chatId: number, message: string) {
  const res = await api.post(`/api/chats/${chatId}/messages`, { message });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as ChatMessage;
}
const chatOf = async (api: Api, id: number) => {
  const res = await api.get(`/api/chats/${id}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Chat;
};
const listOf = async (api: Api, query = '') => {
  const res = await api.get(`/api/chats${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { records: Chat[]; count: number; hasMore: boolean };
};
const unreadsOf = (chat: Chat, userId: number) => chat.users.find((u) => u.userId === userId)?.unreads;
const memberIds = (chat: Chat) => chat.users.map((u) => u.userId).sort((x, y) => x - y);
const sorted = (...ids: number[]) => [...ids].sort((x, y) => x - y);
/** How many chats company A's admin can see (the writes refused must not add one). */
const adminChatCount = async () => (await listOf(a.admin.api)).count;

/** A socket for `token` that records every `company-{companyId}-chat` event, and every event name. */
async function listen(token: string, companyId: number) {
  const socket = await connectSocket(t.url, token);
  sockets.push(socket);
  const chat: ChatEvent[] = [];
  const names: string[] = [];
  socket.on(eventName(companyId, 'chat'), (e: ChatEvent) => chat.push(e));
  socket.onAny((name: string) => names.push(name));
  return { socket, chat, names };
}
const settle = () => new Promise((r) => setTimeout(r, 300));

describe('POST /api/chats', () => {
  it('creates a chat the caller owns, with the caller among its members', async () => {
    const chat = await newChat(ana.api, [bia.id], '  Plantão de sábado  ');
    expect(chat).toMatchObject({
      id: expect.any(Number),
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      title: 'Plantão de sábado',
      ownerId: ana.id,
      lastMessage: '',
    });
    expect(memberIds(chat)).toEqual(sorted(ana.id, bia.id));
    expect(chat.users.find((u) => u.userId === bia.id)).toEqual({
      userId: bia.id,
      unreads: 0,
      user: { id: bia.id, name: 'Bia' },
    });
    expect(await chatOf(bia.api, chat.id)).toEqual(chat);
  });

  it.each([
    ['title', { title: '   ', users: [{ id: 1 }] }],
    ['title', { users: [{ id: 1 }] }],
    ['users', { title: 'Sem ninguém', users: [] }],
    ['users', { title: 'Sem lista' }],
    ['users.0.id', { title: 'Id ruim', users: [{ id: 'x' }] }],
  ])('names the bad field %s and writes nothing', async (field, body) => {
    const before = await adminChatCount();
    expectInvalid(await a.admin.api.post('/api/chats', body), field);
    expect(await adminChatCount()).toBe(before);
  });

  it("refuses another company's user or an unknown one (400 naming users) and writes nothing", async () => {
    const before = await adminChatCount();
    expectInvalid(await a.admin.api.post('/api/chats', { title: 'Vazou', users: [{ id: bStaff.id }] }), 'users');
    expectInvalid(await a.admin.api.post('/api/chats', { title: 'Ninguém', users: [{ id: 99_999_999 }] }), 'users');
    expect(await adminChatCount()).toBe(before);
    expect((await listOf(bStaff.api)).records.map((c) => c.title)).not.toContain('Vazou');
  });

  it('needs a session', async () => {
    expectSignedOut(await t.api.post('/api/chats', { title: 'x', users: [{ id: 1 }] }));
  });
});

describe('GET /api/chats and /api/chats/{id}', () => {
  it("lists the caller's chats only, newest activity first, searched by title, with count and pages", async () => {
    const tag = `lista-${uid()}`;
    const older = await newChat(ana.api, [bia.id], `${tag} antiga`);
    const newer = await newChat(ana.api, [outsider.id], `${tag} nova`);
    const anaTitles = (await listOf(ana.api, `?searchParam=${tag}`)).records.map((c) => c.title);
    expect(anaTitles).toEqual([`${tag} nova`, `${tag} antiga`]);
    // Bia is a member of one of them only.
    expect((await listOf(bia.api, `?searchParam=${tag}`)).records.map((c) => c.id)).toEqual([older.id]);
    // A message makes the older chat the newest activity.
    await send(bia.api, older.id, 'subindo');
    const after = await listOf(ana.api, `?searchParam=${tag.toUpperCase()}`);
    expect(after.records.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(after.records[0]).toMatchObject({ lastMessage: 'subindo' });
    expect(after.count).toBe(2);
    expect(after.hasMore).toBe(false);
  });

  it('pages 20 at a time with hasMore and the total count', async () => {
    const tag = `pag-${uid()}`;
    for (let i = 0; i < 21; i++) await newChat(bia.api, [ana.id], `${tag} ${i}`);
    const first = await listOf(bia.api, `?searchParam=${tag}&pageNumber=1`);
    expect(first.records).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records[0]!.title).toBe(`${tag} 20`);
    const second = await listOf(bia.api, `?searchParam=${tag}&pageNumber=2`);
    expect(second.records.map((c) => c.title)).toEqual([`${tag} 0`]);
    expect(second.hasMore).toBe(false);
  });

  it('answers 404 to a colleague who is not a member, and to another company', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    expectNotFound(await outsider.api.get(`/api/chats/${chat.id}`));
    expectNotFound(await b.admin.api.get(`/api/chats/${chat.id}`));
    // Not even the company's admin reads a chat they are not in.
    expectNotFound(await a.admin.api.get(`/api/chats/${chat.id}`));
    expect((await listOf(outsider.api)).records.map((c) => c.id)).not.toContain(chat.id);
    expect((await listOf(b.admin.api)).records.map((c) => c.id)).not.toContain(chat.id);
  });

  it('names a bad id or page', async () => {
    expectInvalid(await ana.api.get('/api/chats/abc'), 'id');
    expectInvalid(await ana.api.get('/api/chats?pageNumber=0'), 'pageNumber');
  });
});

describe('PUT /api/chats/{id}', () => {
  it('the owner renames and replaces the members; the owner stays, kept members keep their unreads', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    await send(ana.api, chat.id, 'um');
    await send(ana.api, chat.id, 'dois');
    const res = await ana.api.put(`/api/chats/${chat.id}`, {
      title: 'Renomeado',
      users: [{ id: bia.id }, { id: outsider.id }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body as Chat;
    expect(updated.title).toBe('Renomeado');
    expect(memberIds(updated)).toEqual(sorted(ana.id, bia.id, outsider.id));
    expect(unreadsOf(updated, bia.id)).toBe(2);
    expect(unreadsOf(updated, outsider.id)).toBe(0);
    // A list without Bia takes her off; the owner, not named, stays.
    const less = (await ana.api.put(`/api/chats/${chat.id}`, { users: [{ id: outsider.id }] })).body as Chat;
    expect(memberIds(less)).toEqual(sorted(ana.id, outsider.id));
    expect(less.title).toBe('Renomeado');
    expectNotFound(await bia.api.get(`/api/chats/${chat.id}`));
  });

  it('a member who is not the owner gets 403 and nothing changes', async () => {
    const chat = await newChat(ana.api, [bia.id], 'Da Ana');
    expectNoPermission(await bia.api.put(`/api/chats/${chat.id}`, { title: 'Da Bia' }));
    expect(await chatOf(ana.api, chat.id)).toEqual(chat);
  });

  it('a non-member, or another company, gets 404', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    expectNotFound(await outsider.api.put(`/api/chats/${chat.id}`, { title: 'x' }));
    expectNotFound(await b.admin.api.put(`/api/chats/${chat.id}`, { title: 'x' }));
    expect((await chatOf(ana.api, chat.id)).title).toBe(chat.title);
  });

  it("names a bad title or another company's member, and changes nothing", async () => {
    const chat = await newChat(ana.api, [bia.id]);
    expectInvalid(await ana.api.put(`/api/chats/${chat.id}`, { title: '' }), 'title');
    expectInvalid(await ana.api.put(`/api/chats/${chat.id}`, { users: [] }), 'users');
    expectInvalid(await ana.api.put(`/api/chats/${chat.id}`, { title: 'Novo', users: [{ id: bStaff.id }] }), 'users');
    expect(await chatOf(ana.api, chat.id)).toEqual(chat);
  });
});

describe('DELETE /api/chats/{id}', () => {
  it('the owner deletes it; a member gets 403 first, a non-member and another company 404', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    await send(bia.api, chat.id, 'tchau');
    expectNoPermission(await bia.api.delete(`/api/chats/${chat.id}`));
    expectNotFound(await outsider.api.delete(`/api/chats/${chat.id}`));
    expectNotFound(await b.admin.api.delete(`/api/chats/${chat.id}`));
    expect((await chatOf(bia.api, chat.id)).id).toBe(chat.id);
    expect((await ana.api.delete(`/api/chats/${chat.id}`)).status).toBe(204);
    expectNotFound(await ana.api.get(`/api/chats/${chat.id}`));
    expectNotFound(await bia.api.get(`/api/chats/${chat.id}/messages`));
  });
});

describe('messages', () => {
  it('a member sends; the messages page newest first, 20 a page, with count and hasMore', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    for (let i = 1; i <= 21; i++) await send(i % 2 ? ana.api : bia.api, chat.id, `msg ${i}`);
    const first = (await bia.api.get(`/api/chats/${chat.id}/messages?pageNumber=1`)).body;
    expect(first.records).toHaveLength(20);
    expect(first).toMatchObject({ count: 21, hasMore: true });
    expect(first.records[0]).toMatchObject({
      chatId: chat.id,
      message: 'msg 21',
      senderId: ana.id,
      sender: { id: ana.id, name: 'Ana' },
      createdAt: expect.any(String),
    });
    expect(first.records[1]).toMatchObject({ message: 'msg 20', sender: { id: bia.id, name: 'Bia' } });
    const second = (await bia.api.get(`/api/chats/${chat.id}/messages?pageNumber=2`)).body;
    expect(second.records.map((m: ChatMessage) => m.message)).toEqual(['msg 1']);
    expect(second.hasMore).toBe(false);
    expect((await chatOf(ana.api, chat.id)).lastMessage).toBe('msg 21');
  });

  it('names a blank or too long message and writes nothing', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    expectInvalid(await ana.api.post(`/api/chats/${chat.id}/messages`, { message: '   ' }), 'message');
    expectInvalid(await ana.api.post(`/api/chats/${chat.id}/messages`, {}), 'message');
    expectInvalid(await ana.api.post(`/api/chats/${chat.id}/messages`, { message: 'x'.repeat(4097) }), 'message');
    expect((await ana.api.get(`/api/chats/${chat.id}/messages`)).body).toMatchObject({ records: [], count: 0 });
    expect(unreadsOf(await chatOf(ana.api, chat.id), bia.id)).toBe(0);
  });

  it('a non-member, or another company, gets 404 and writes nothing', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    expectNotFound(await outsider.api.post(`/api/chats/${chat.id}/messages`, { message: 'intruso' }));
    expectNotFound(await b.admin.api.post(`/api/chats/${chat.id}/messages`, { message: 'intruso' }));
    expectNotFound(await outsider.api.get(`/api/chats/${chat.id}/messages`));
    expectNotFound(await b.admin.api.get(`/api/chats/${chat.id}/messages`));
    expectNotFound(await outsider.api.post(`/api/chats/${chat.id}/read`, {}));
    expect((await ana.api.get(`/api/chats/${chat.id}/messages`)).body.count).toBe(0);
  });

  it("unreads rise for the other members, not the sender's, and clear when read", async () => {
    const chat = await newChat(ana.api, [bia.id, outsider.id]);
    await send(ana.api, chat.id, 'um');
    await send(ana.api, chat.id, 'dois');
    let now = await chatOf(bia.api, chat.id);
    expect([unreadsOf(now, ana.id), unreadsOf(now, bia.id), unreadsOf(now, outsider.id)]).toEqual([0, 2, 2]);
    // Bia answers: she has read it (0), Ana has one to read.
    await send(bia.api, chat.id, 'três');
    now = await chatOf(ana.api, chat.id);
    expect([unreadsOf(now, ana.id), unreadsOf(now, bia.id), unreadsOf(now, outsider.id)]).toEqual([1, 0, 3]);
    // Reading: the caller's own count only (a userId sent by the spec's web is ignored).
    const read = await outsider.api.post(`/api/chats/${chat.id}/read`, { userId: ana.id });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(unreadsOf(read.body, outsider.id)).toBe(0);
    expect(unreadsOf(read.body, ana.id)).toBe(1);
    const list = await listOf(ana.api);
    expect(
      unreadsOf(
        list.records.find((c) => c.id === chat.id)!,
        ana.id,
      ),
    ).toBe(1);
  });
});

describe('realtime', () => {
  it('a member hears a message with every unread count; a colleague outside it and another company do not', async () => {
    const chat = await newChat(ana.api, [bia.id]);
    const biaHears = await listen(bia.token, a.companyId);
    const anaHears = await listen(ana.token, a.companyId);
    const outsiderHears = await listen(outsider.token, a.companyId);
    const bHears = await listen(b.admin.token, b.companyId);

    const sent = await send(ana.api, chat.id, 'alguém aí?');
    const heard = await eventually(() => biaHears.chat.find((e) => e.action === 'new-message'), 5_000, 'the message');
    expect(heard).toMatchObject({ action: 'new-message', newMessage: sent });
    if (heard.action !== 'new-message') throw new Error('unreachable');
    expect(heard.chat.id).toBe(chat.id);
    expect(unreadsOf(heard.chat, bia.id)).toBe(1);
    expect(unreadsOf(heard.chat, ana.id)).toBe(0);
    await eventually(() => anaHears.chat.some((e) => e.action === 'new-message'), 5_000, "the sender's other tabs");
    await settle();
    expect(outsiderHears.chat).toEqual([]);
    expect(bHears.names.filter((n) => n.includes('chat'))).toEqual([]);

    // Reading reaches the reader alone.
    await bia.api.post(`/api/chats/${chat.id}/read`, {});
    const cleared = await eventually(() => biaHears.chat.find((e) => e.action === 'update'), 5_000, 'the read');
    if (cleared.action !== 'update') throw new Error('unreachable');
    expect(unreadsOf(cleared.chat, bia.id)).toBe(0);
    await settle();
    expect(anaHears.chat.filter((e) => e.action === 'update')).toEqual([]);
    expect(outsiderHears.chat).toEqual([]);
  });

  it('a new chat reaches its members; one taken off hears it deleted; deletion reaches the members', async () => {
    const anaHears = await listen(ana.token, a.companyId);
    const biaHears = await listen(bia.token, a.companyId);
    const outsiderHears = await listen(outsider.token, a.companyId);
    const chat = await newChat(ana.api, [bia.id]);
    await eventually(() => biaHears.chat.some((e) => e.action === 'update' && e.chat.id === chat.id), 5_000, 'created');

    await ana.api.put(`/api/chats/${chat.id}`, { users: [{ id: outsider.id }] });
    await eventually(
      () => biaHears.chat.some((e) => e.action === 'delete' && e.chatId === chat.id),
      5_000,
      'Bia taken off',
    );
    await eventually(
      () => outsiderHears.chat.some((e) => e.action === 'update' && e.chat.id === chat.id),
      5_000,
      'Zé added',
    );

    await ana.api.delete(`/api/chats/${chat.id}`);
    await eventually(() => outsiderHears.chat.some((e) => e.action === 'delete'), 5_000, 'deleted (Zé)');
    await eventually(() => anaHears.chat.some((e) => e.action === 'delete'), 5_000, 'deleted (Ana)');
    await settle();
    // After she left, Bia heard nothing more of it.
    expect(biaHears.chat.filter((e) => e.action === 'delete')).toHaveLength(1);
    expect(
      biaHears.chat.filter((e) => e.action === 'update' && e.chat.users.some((u) => u.userId === outsider.id)),
    ).toEqual([]);
  });
});

describe('plan flag useInternalChat', () => {
  it('a company whose plan lacks it gets 403 on every chat route, and nothing is written', async () => {
    const planId = (await createPlan(t, { useInternalChat: false })).id;
    const c = await createTenant(t, { planId });
    const colleague = await createStaff(t, c);
    expectNoPermission(await c.admin.api.get('/api/chats'));
    expectNoPermission(await c.admin.api.post('/api/chats', { title: 'x', users: [{ id: colleague.id }] }));
    expectNoPermission(await c.admin.api.get('/api/chats/1/messages'));
    expectNoPermission(await colleague.api.post('/api/chats/1/read', {}));
    const rows = await within(
      t.running.deps.pools.owner.query('select count(*)::int as n from chats where company_id = $1', [c.companyId]),
      5_000,
      'the count',
    );
    expect(rows.rows[0].n).toBe(0);
  });
});
