import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { eventually } from '../../../test/support/eventually.js';
import {
  inbound,
  insertConnection,
  insertQueue,
  listen,
  phone,
  scoped,
  settle,
  storedMessages,
  ticketRow,
  updateTicketRow,
  useRecordingChannels,
  type RecordingChannels,
} from '../../../test/support/inbox.js';
import { postRaw, rawMultipart, storedFiles, type RawPart } from '../../../test/support/uploads.js';
import { messages as messagesTable, whatsapps } from '../../db/schema/index.js';
import { sessionsOf } from '../../../test/support/app.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let t: TestApp;
let a: Tenant;
let b: Tenant;
let qA: { id: number };
let qB: { id: number };
/** Connection with a live (recording) channel held by this process. */
let conn: { id: number; companyId: number };
let rec: RecordingChannels;
let userA: Staff;
let userB: Staff;
const open: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  rec = await useRecordingChannels(t);
  const plan = await createPlan(t, { users: 50 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  qA = await insertQueue(t, a.companyId, { name: 'Vendas' });
  qB = await insertQueue(t, a.companyId, { name: 'Suporte' });
  conn = await insertConnection(t, a.companyId, { isDefault: true, sessionWanted: true });
  await sessionsOf(t).tick();
  expect(sessionsOf(t).local(conn.id)).toBeDefined();
  userA = await createStaff(t, a, { name: 'Ana Vendas', queueIds: [qA.id] });
  userB = await createStaff(t, a, { name: 'Bruno Suporte', queueIds: [qB.id] });
});
afterEach(() => {
  for (const s of open.splice(0)) s.close();
});
afterAll(() => t.stop());

/** A customer writes (João Cliente), the ticket lands in queue A; `accept` makes it Ana's. */
async function ticketOf(opts: { accept?: boolean; via?: { id: number; companyId: number } } = {}) {
  const number = phone();
  const r = await inbound(t, opts.via ?? conn, { number, name: 'João Cliente' }, 'Olá');
  await updateTicketRow(t, a.companyId, r.ticketId, { queueId: qA.id });
  if (opts.accept) expect((await userA.api.put(`/api/tickets/${r.ticketId}`, { status: 'open' })).status).toBe(200);
  return { id: r.ticketId, number, firstMessageId: r.messageId };
}

const sentBodies = (whatsappId = conn.id) =>
  rec.sent.filter((s) => s.whatsappId === whatsappId).map((s) => s.message.body);

async function postForm(token: string, ticketId: number, parts: Array<[string, string | Blob, string?]>) {
  const form = new FormData();
  for (const [name, value, fileName] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, fileName);
  }
  const res = await fetch(`${t.url}/api/messages/${ticketId}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: res.status, body: (await res.json()) as any, headers: res.headers };
}

describe('GET /api/messages/{ticketId}', () => {
  it('pages of 20: page 1 holds the newest, each page oldest first, with count, hasMore and the ticket', async () => {
    const number = phone();
    let ticketId = 0;
    for (let i = 1; i <= 45; i++)
      ticketId = (await inbound(t, conn, { number, name: 'Paginado' }, `m${String(i).padStart(2, '0')}`)).ticketId;
    await updateTicketRow(t, a.companyId, ticketId, { queueId: qA.id });
    const page = async (n: number) => {
      const res = await a.admin.api.get(`/api/messages/${ticketId}?pageNumber=${n}`);
      expect(res.status).toBe(200);
      return res.body as { messages: Array<{ body: string }>; ticket: { id: number }; count: number; hasMore: boolean };
    };
    const range = (from: number, to: number) =>
      Array.from({ length: to - from + 1 }, (_, i) => `m${String(from + i).padStart(2, '0')}`);
    const p1 = await page(1);
    expect(p1).toMatchObject({ count: 45, hasMore: true, ticket: { id: ticketId, contact: { name: 'Paginado' } } });
    expect(p1.messages.map((m) => m.body)).toEqual(range(26, 45));
    expect((await page(2)).messages.map((m) => m.body)).toEqual(range(6, 25));
    const p3 = await page(3);
    expect(p3.messages.map((m) => m.body)).toEqual(range(1, 5));
    expect(p3.hasMore).toBe(false);
    // Past the end: no message, and still the thread's count and its ticket.
    expect(await page(4)).toMatchObject({ messages: [], count: 45, hasMore: false, ticket: { id: ticketId } });
  });

  it('each message carries its contact and the message it quotes', async () => {
    const number = phone();
    const first = await inbound(t, conn, { number, name: 'Quem Cita' }, 'original', { externalId: `orig-${number}` });
    await inbound(t, conn, { number }, 'respondendo', { quotedExternalId: `orig-${number}` });
    const res = await a.admin.api.get(`/api/messages/${first.ticketId}`);
    const [original, reply] = res.body.messages;
    expect(original).toMatchObject({
      body: 'original',
      fromMe: false,
      quotedMsg: null,
      contact: { name: 'Quem Cita', number },
    });
    expect(reply).toMatchObject({
      body: 'respondendo',
      quotedMsgId: first.messageId,
      quotedMsg: {
        id: first.messageId,
        body: 'original',
        fromMe: false,
        mediaType: 'chat',
        mediaUrl: null,
        contact: { name: 'Quem Cita' },
      },
      isDeleted: false,
      isEdited: false,
    });
  });

  it('read by the user working the ticket: unread 0, updateUnread to its audience, read receipts to WhatsApp; a peek reads nothing', async () => {
    const tk = await ticketOf({ accept: true });
    await inbound(t, conn, { number: tk.number }, 'dois');
    await inbound(t, conn, { number: tk.number }, 'três');
    const admin = await connectSocket(t.url, a.admin.token);
    const ana = await connectSocket(t.url, userA.token);
    const bruno = await connectSocket(t.url, userB.token);
    open.push(admin, ana, bruno);
    const heard = Object.fromEntries(
      (
        [
          ['admin', admin],
          ['ana', ana],
          ['bruno', bruno],
        ] as const
      ).map(([who, s]) => [who, listen(s, `company-${a.companyId}-ticket`)]),
    );

    // The admin peeks: nothing changes.
    const peek = await a.admin.api.get(`/api/messages/${tk.id}`);
    expect(peek.body.ticket.unreadMessages).toBe(3);
    expect(rec.read.filter((r) => r.chatId === tk.number)).toEqual([]);

    const res = await userA.api.get(`/api/messages/${tk.id}`);
    expect(res.status).toBe(200);
    expect(res.body.ticket.unreadMessages).toBe(0);
    // The page is read after the marking: it shows the customer's messages read.
    expect(res.body.messages.filter((m: any) => !m.fromMe).map((m: any) => m.read)).toEqual([true, true, true]);
    expect((await ticketRow(t, a.companyId, tk.id)).unreadMessages).toBe(0);
    expect((await storedMessages(t, a.companyId, tk.id)).filter((m) => !m.fromMe).every((m) => m.read)).toBe(true);
    for (const who of ['admin', 'ana']) {
      expect(await heard[who]!.waitFor((e: any) => e.action === 'updateUnread')).toEqual({
        action: 'updateUnread',
        ticketId: tk.id,
      });
    }
    const receipt = await eventually(() => rec.read.find((r) => r.chatId === tk.number), 5_000, 'read receipts');
    expect(receipt).toMatchObject({ whatsappId: conn.id, externalIds: expect.any(Array) });
    expect(receipt.externalIds).toHaveLength(3);
    await settle(t, [a.companyId], [admin, ana, bruno]);
    expect(heard.bruno!.heard).toEqual([]);

    // Nothing left unread: no second event, no second receipt.
    await userA.api.get(`/api/messages/${tk.id}`);
    await settle(t, [a.companyId], [ana]);
    expect(heard.ana!.heard.filter((e: any) => e.action === 'updateUnread')).toHaveLength(1);
    expect(rec.read.filter((r) => r.chatId === tk.number)).toHaveLength(1);
  });

  it('a ticket of another queue or company is not found; bad ids are refused', async () => {
    const tk = await ticketOf();
    expectNotFound(await userB.api.get(`/api/messages/${tk.id}`));
    expectNotFound(await b.admin.api.get(`/api/messages/${tk.id}`));
    expect((await userA.api.get(`/api/messages/${tk.id}`)).status).toBe(200);
    expectInvalid(await userA.api.get('/api/messages/abc'), 'ticketId');
    expectInvalid(await userA.api.get(`/api/messages/${tk.id}?pageNumber=0`), 'pageNumber');
  });
});

describe('POST /api/messages/{ticketId}', () => {
  it('stores the text queued and the connection sends it, variables filled in; signOption signs it', async () => {
    const tk = await ticketOf({ accept: true });
    const res = await userA.api.post(`/api/messages/${tk.id}`, {
      body: 'Olá {{firstName}}, tudo bem?',
      signOption: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.messages).toHaveLength(1);
    expect(res.body.messages[0]).toMatchObject({
      fromMe: true,
      userId: userA.id,
      body: '*Ana Vendas*:\nOlá João, tudo bem?',
    });
    await eventually(() => sentBodies().includes('*Ana Vendas*:\nOlá João, tudo bem?'), 5_000, 'the send');
    await eventually(
      async () =>
        (await storedMessages(t, a.companyId, tk.id)).find((m) => m.id === res.body.messages[0].id)?.ack === 1,
    );

    const plain = await userA.api.post(`/api/messages/${tk.id}`, { body: 'sem assinatura' });
    expect(plain.body.messages[0].body).toBe('sem assinatura');
    expect((await ticketRow(t, a.companyId, tk.id)).lastMessage).toBe('sem assinatura');
  });

  it('quotes a message of the same ticket; one of another ticket is a bad field', async () => {
    const tk = await ticketOf({ accept: true });
    const res = await userA.api.post(`/api/messages/${tk.id}`, {
      body: 'respondendo',
      quotedMsg: { id: tk.firstMessageId },
    });
    expect(res.status).toBe(201);
    expect(res.body.messages[0]).toMatchObject({
      quotedMsgId: tk.firstMessageId,
      quotedMsg: { id: tk.firstMessageId, body: 'Olá' },
    });
    const sent = await eventually(() =>
      rec.sent.find((s) => s.message.body === 'respondendo' && s.message.to === tk.number),
    );
    expect(sent.message.quoted).toMatchObject({ fromMe: false, externalId: expect.any(String) });
    const other = await ticketOf();
    expectInvalid(
      await userA.api.post(`/api/messages/${tk.id}`, { body: 'x', quotedMsg: { id: other.firstMessageId } }),
      'quotedMsg',
    );
  });

  it('refuses blank text, a ticket that is not open, and tickets the caller may not see', async () => {
    const tk = await ticketOf({ accept: true });
    expectInvalid(await userA.api.post(`/api/messages/${tk.id}`, { body: '   \n' }), 'body');
    expectInvalid(await userA.api.post(`/api/messages/${tk.id}`, {}), 'body');
    expectInvalid(await userA.api.post(`/api/messages/${tk.id}`, { body: 'x'.repeat(4097) }), 'body');
    const pending = await ticketOf();
    expectInvalid(await userA.api.post(`/api/messages/${pending.id}`, { body: 'oi' }), 'status');
    expectNotFound(await userB.api.post(`/api/messages/${tk.id}`, { body: 'oi' }));
    expectNotFound(await b.admin.api.post(`/api/messages/${tk.id}`, { body: 'oi' }));
    expectInvalid(await userA.api.post('/api/messages/abc', { body: 'oi' }), 'ticketId');
    expect((await storedMessages(t, a.companyId, tk.id)).filter((m) => m.fromMe)).toEqual([]);
  });

  it('multipart: each file is a message, stored under a generated key; the text is the first file’s caption', async () => {
    const tk = await ticketOf({ accept: true });
    const res = await postForm(userA.token, tk.id, [
      ['body', 'veja os arquivos'],
      ['medias', new Blob([PNG], { type: 'image/png' }), 'foto 1.png'],
      ['medias', new Blob([PDF], { type: 'application/pdf' }), '../../etc/contrato.pdf'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const [image, doc] = res.body.messages;
    expect(image).toMatchObject({
      mediaType: 'image',
      body: 'veja os arquivos',
      mediaName: 'foto_1.png',
      fromMe: true,
    });
    expect(doc).toMatchObject({ mediaType: 'document', body: '', mediaName: 'contrato.pdf' });
    expect(image.mediaUrl).toMatch(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(await t.running.deps.storage.get(image.mediaUrl)).toEqual(PNG);
    const sent = await eventually(() => {
      const mine = rec.sent.filter((s) => s.message.to === tk.number && s.message.media);
      return mine.length === 2 ? mine : undefined;
    });
    expect(sent.map((s) => [s.message.media!.type, s.message.body])).toEqual([
      ['image', 'veja os arquivos'],
      ['document', ''],
    ]);
  });

  it('a kick of the outbox that fails after the commit is only logged: the send is answered and keeps its stored files', async () => {
    const tk = await ticketOf({ accept: true });
    const sessions = t.running.deps.sessions;
    const kick = sessions.kickOutbox;
    sessions.kickOutbox = () => Promise.reject(new Error('signal lost'));
    try {
      const res = await postForm(userA.token, tk.id, [['medias', new Blob([PNG], { type: 'image/png' }), 'kept.png']]);
      expect(res.status).toBe(201);
    } finally {
      sessions.kickOutbox = kick;
    }
    const page = await userA.api.get(`/api/messages/${tk.id}`);
    const stored = page.body.messages.find((m: { mediaName: string | null }) => m.mediaName === 'kept.png');
    expect(stored).toBeDefined();
    expect(await t.running.deps.storage.get(stored.mediaUrl)).toEqual(PNG);
  });

  it('GET /messages/{id}/media serves the file to whoever may see the ticket, and to nobody else', async () => {
    const tk = await ticketOf({ accept: true });
    const res = await postForm(userA.token, tk.id, [['medias', new Blob([PNG], { type: 'image/png' }), 'foto.png']]);
    const [image] = res.body.messages;
    const media = (token: string, id: number = image.id) =>
      fetch(`${t.url}/api/messages/${id}/media`, { headers: { authorization: `Bearer ${token}` } });
    const ok = await media(userA.token);
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('image/png');
    expect(ok.headers.get('x-content-type-options')).toBe('nosniff');
    expect(ok.headers.get('content-disposition')).toContain('foto.png');
    expect(Buffer.from(await ok.arrayBuffer())).toEqual(PNG);
    // Another queue's user and another company answer 404, like a message without a file.
    expect((await media(userB.token)).status).toBe(404);
    expect((await media(b.admin.token)).status).toBe(404);
    const text = await userA.api.post(`/api/messages/${tk.id}`, { body: 'sem arquivo' });
    expect((await media(userA.token, text.body.messages[0].id)).status).toBe(404);
    expect((await fetch(`${t.url}/api/messages/${image.id}/media`)).status).toBe(401);
  });

  it('a file is served under its name with the extension of the type it was stored as, never the sender’s', async () => {
    const tk = await ticketOf({ accept: true });
    const res = await postForm(userA.token, tk.id, [
      ['medias', new Blob([PNG], { type: 'image/png' }), 'photo.exe'],
      ['medias', new Blob([PDF], { type: 'application/pdf' }), 'relatorio'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const served = await Promise.all(
      res.body.messages.map(async (m: { id: number }) => {
        const file = await fetch(`${t.url}/api/messages/${m.id}/media`, {
          headers: { authorization: `Bearer ${userA.token}` },
        });
        return [file.headers.get('content-type'), file.headers.get('content-disposition')];
      }),
    );
    expect(served).toEqual([
      ['image/png', 'inline; filename="photo.png"'],
      ['application/pdf', 'inline; filename="relatorio.pdf"'],
    ]);
  });

  it('multipart: an audio goes without caption, the text first on its own', async () => {
    const tk = await ticketOf({ accept: true });
    const ogg = Buffer.concat([Buffer.from('OggS'), Buffer.alloc(60, 1)]);
    const res = await postForm(userA.token, tk.id, [
      ['body', 'ouça'],
      ['signOption', 'true'],
      ['medias', new Blob([ogg], { type: 'audio/ogg' }), 'voz.ogg'],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.messages.map((m: any) => [m.mediaType, m.body])).toEqual([
      ['chat', '*Ana Vendas*:\nouça'],
      ['audio', ''],
    ]);
  });

  it('multipart refuses unsupported or disguised files, empty sends, and too many files', async () => {
    const tk = await ticketOf({ accept: true });
    const exe = await postForm(userA.token, tk.id, [
      ['medias', new Blob([Buffer.from('MZ')], { type: 'application/x-msdownload' }), 'a.exe'],
    ]);
    expectInvalid(exe, 'medias');
    const disguised = await postForm(userA.token, tk.id, [['medias', new Blob([PDF], { type: 'image/png' }), 'a.png']]);
    expect(disguised.body).toMatchObject({ error: 'ERR_VALIDATION', fields: { medias: 'typeMismatch' } });
    expectInvalid(await postForm(userA.token, tk.id, [['body', '  ']]), 'body');
    const many = await postForm(
      userA.token,
      tk.id,
      Array.from(
        { length: 11 },
        (_, i) => ['medias', new Blob([PNG], { type: 'image/png' }), `f${i}.png`] as [string, Blob, string],
      ),
    );
    expectError(many, 413, 'ERR_PAYLOAD_TOO_LARGE');
    expect((await storedMessages(t, a.companyId, tk.id)).filter((m) => m.fromMe)).toEqual([]);
  });

  it('multipart: a part typed __proto__ or constructor, a cut-off body or no boundary is 400, and no file stays', async () => {
    const tk = await ticketOf({ accept: true });
    const before = await storedFiles(t, a.companyId);
    const post = (parts: RawPart[], opts?: Parameters<typeof rawMultipart>[1]) =>
      postRaw(`${t.url}/api/messages/${tk.id}`, rawMultipart(parts, opts), { authorization: `Bearer ${userA.token}` });
    for (const type of ['__proto__', 'constructor', 'toString'])
      expectInvalid(await post([{ name: 'medias', value: PNG, filename: 'a.png', type }]), 'medias');
    const png: RawPart = { name: 'medias', value: PNG, filename: 'a.png', type: 'image/png' };
    // The first file is stored before the body turns out cut off: it goes again.
    expectError(
      await post([png, { ...png, value: PDF, type: 'application/pdf' }], { truncate: true }),
      400,
      'ERR_VALIDATION',
    );
    expectError(await post([png], { noBoundary: true }), 400, 'ERR_VALIDATION');
    expect(await storedFiles(t, a.companyId)).toEqual(before);
    expect((await storedMessages(t, a.companyId, tk.id)).filter((m) => m.fromMe)).toEqual([]);
  });
});

describe('DELETE /api/messages/{id}', () => {
  it('the sender deletes their own message: it stays, marked isDeleted, and the audience hears it', async () => {
    const tk = await ticketOf({ accept: true });
    const admin = await connectSocket(t.url, a.admin.token);
    open.push(admin);
    const updates = listen(admin, `company-${a.companyId}-appMessage`);
    const sent = (await userA.api.post(`/api/messages/${tk.id}`, { body: 'mensagem errada' })).body.messages[0];
    const res = await userA.api.delete(`/api/messages/${sent.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sent.id, isDeleted: true, body: 'mensagem errada' });
    await updates.waitFor(
      (e: any) => e.action === 'update' && e.message?.id === sent.id && e.message.isDeleted === true,
    );
    const page = await userA.api.get(`/api/messages/${tk.id}`);
    expect(page.body.messages.find((m: any) => m.id === sent.id)).toMatchObject({ isDeleted: true });
  });

  it("nobody else's, no inbound message, no other company's", async () => {
    const tk = await ticketOf({ accept: true });
    const sent = (await userA.api.post(`/api/messages/${tk.id}`, { body: 'minha' })).body.messages[0];
    expectNoPermission(await a.admin.api.delete(`/api/messages/${sent.id}`));
    expectNoPermission(await userA.api.delete(`/api/messages/${tk.firstMessageId}`));
    expectNotFound(await userB.api.delete(`/api/messages/${sent.id}`));
    expectNotFound(await b.admin.api.delete(`/api/messages/${sent.id}`));
    expectNotFound(await userA.api.delete('/api/messages/999999999'));
    expectInvalid(await userA.api.delete('/api/messages/abc'), 'id');
    const [row] = await scoped(t, a.companyId, (tx) =>
      tx.select().from(messagesTable).where(eq(messagesTable.id, sent.id)),
    );
    expect(row!.isDeleted).toBe(false);
  });

  it('a message deleted while still queued is never sent', async () => {
    const idle = await insertConnection(t, a.companyId, { name: 'Sem sessão' });
    const tk = await ticketOf({ accept: true, via: idle });
    const doomed = (await userA.api.post(`/api/messages/${tk.id}`, { body: 'não envie' })).body.messages[0];
    expect((await userA.api.delete(`/api/messages/${doomed.id}`)).body).toMatchObject({ isDeleted: true, ack: 0 });
    await userA.api.post(`/api/messages/${tk.id}`, { body: 'esta sim' });
    // The session starts: the outbox drains in order, so the deleted one would have gone first.
    await scoped(t, a.companyId, (tx) =>
      tx.update(whatsapps).set({ sessionWanted: true }).where(eq(whatsapps.id, idle.id)),
    );
    await sessionsOf(t).tick();
    await eventually(() => sentBodies(idle.id).includes('esta sim'), 5_000, 'the next send');
    expect(sentBodies(idle.id)).toEqual(['esta sim']);
  });
});
