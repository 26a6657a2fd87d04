import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, eq } from 'drizzle-orm';
import { EXTERNAL_API_LIMITS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission } from '../../../test/support/expect.js';
import { useFakeChannels, type FakeChannels } from '../../../test/support/fake-channels.js';
import { postRaw, rawMultipart, type RawPart } from '../../../test/support/uploads.js';
import { inTenant, type Tx } from '../../db/client.js';
import { contacts, messages, tickets, whatsapps } from '../../db/schema/index.js';

let t: TestApp;
let fakes: FakeChannels;
/** `a` is the company under test, `b` its neighbour. */
let a: Tenant;
let b: Tenant;
let planId: number;
let connA: { id: number; token: string };
let connB: { id: number; token: string };

beforeAll(async () => {
  t = await startTestApp();
  // Fake channels: a session "starts" at once and every send succeeds, nothing leaves the machine.
  fakes = await useFakeChannels(t);
  planId = (await createPlan(t, { users: 10, connections: 20 })).id;
  a = await createTenant(t, { planId });
  b = await createTenant(t, { planId });
  connA = await createConnection(a);
  connB = await createConnection(b);
});
afterAll(() => t.stop());

const uid = () => randomBytes(4).toString('hex');
/** A fresh phone number (13 digits, Brazilian mobile shape). */
const newNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function createConnection(tenant: Tenant, patch: Record<string, unknown> = {}) {
  const res = await tenant.admin.api.post('/api/whatsapp', { name: `Conn ${uid()}`, ...patch });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  await fakes.until(() => fakes.started.includes(res.body.id), 'the session to start');
  return res.body as { id: number; token: string };
}

const inCompany = <T>(tenant: Tenant, fn: (tx: Tx) => Promise<T>) =>
  inTenant(t.running.deps.pools.db, tenant.companyId, fn);
const contactsOf = (tenant: Tenant, number: string) =>
  inCompany(tenant, (tx) => tx.select().from(contacts).where(eq(contacts.number, number)));
const ticketsOf = (tenant: Tenant, contactId: number) =>
  inCompany(tenant, (tx) => tx.select().from(tickets).where(eq(tickets.contactId, contactId)).orderBy(asc(tickets.id)));
const messagesOf = (tenant: Tenant, ticketId: number) =>
  inCompany(tenant, (tx) =>
    tx.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(asc(messages.id)),
  );
const messageById = async (tenant: Tenant, id: number) =>
  (await inCompany(tenant, (tx) => tx.select().from(messages).where(eq(messages.id, id))))[0];
const everything = (tenant: Tenant) =>
  inCompany(tenant, async (tx) => ({
    contacts: await tx.select().from(contacts).orderBy(asc(contacts.id)),
    tickets: await tx.select().from(tickets).orderBy(asc(tickets.id)),
    messages: await tx.select().from(messages).orderBy(asc(messages.id)),
  }));

const send = (token: string | undefined, body: unknown) =>
  t.api.request('POST', '/api/messages/send', body, token === undefined ? {} : { authorization: `Bearer ${token}` });

interface FilePart {
  name: string;
  type: string;
  data: Buffer;
  field?: string;
}
async function sendForm(token: string, fields: Record<string, string>, files: FilePart[] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append(f.field ?? 'medias', new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  const res = await fetch(`${t.url}/api/messages/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
}

const png = () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(64)]);
const pdf = () => Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(64)]);
const ogg = () => Buffer.concat([Buffer.from('OggS'), randomBytes(64)]);

/** Every file in the app's media storage. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(t.running.deps.config.DATA_DIR, 'media');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('POST /api/messages/send (text)', () => {
  it('stores the message queued on a new pending ticket of a new contact, then the connection sends it', async () => {
    const number = newNumber();
    const written = `+${number.slice(0, 2)} (${number.slice(2, 4)}) ${number.slice(4, 9)}-${number.slice(9)}`;
    const res = await send(connA.token, { number: written, body: 'Olá, seu pedido saiu para entrega' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({
      message: 'sent',
      ticketId: expect.any(Number),
      contactId: expect.any(Number),
      messageIds: [expect.any(Number)],
    });

    const [contact] = await contactsOf(a, number);
    expect(contact).toMatchObject({
      id: res.body.contactId,
      companyId: a.companyId,
      number,
      name: number,
      isGroup: false,
    });
    const ticketRows = await ticketsOf(a, contact!.id);
    expect(ticketRows).toHaveLength(1);
    expect(ticketRows[0]).toMatchObject({
      id: res.body.ticketId,
      status: 'pending',
      whatsappId: connA.id,
      companyId: a.companyId,
      lastMessage: 'Olá, seu pedido saiu para entrega',
    });
    const stored = await messagesOf(a, res.body.ticketId);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: res.body.messageIds[0],
      body: 'Olá, seu pedido saiu para entrega',
      fromMe: true,
      userId: null,
      whatsappId: connA.id,
      mediaType: 'chat',
      mediaUrl: null,
      error: null,
    });

    // The outbox of the connection was told: the live channel sends it to the number, ack 1.
    await fakes.until(
      () => fakes.sent.some((s) => s.whatsappId === connA.id && s.message.to === number),
      'the message to be sent',
    );
    expect(fakes.sent.find((s) => s.message.to === number)!.message).toMatchObject({
      body: 'Olá, seu pedido saiu para entrega',
      isGroup: false,
    });
    await expect.poll(async () => (await messageById(a, res.body.messageIds[0]))!.ack).toBe(1);
    expect((await messageById(a, res.body.messageIds[0]))!.externalId).toMatch(/^fake-/);
  });

  it('reads a national number in the company’s country, as the inbox and the contacts do; keeps digits no plan knows', async () => {
    const res = await send(connA.token, { number: '(11) 94444-3322', body: 'Oi' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await contactsOf(a, '5511944443322')).map((c) => c.id)).toEqual([res.body.contactId]);
    const odd = await send(connA.token, { number: '00012345678', body: 'Oi' });
    expect(odd.status, JSON.stringify(odd.body)).toBe(200);
    expect((await contactsOf(a, '00012345678')).map((c) => c.id)).toEqual([odd.body.contactId]);
  });

  it('takes the number as a JSON integer too', async () => {
    const number = newNumber();
    const res = await send(connA.token, { number: Number(number), body: 'as a number' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await contactsOf(a, number))[0]!.id).toBe(res.body.contactId);
  });

  it('sends to the same number twice: one contact, one live ticket, both messages on it', async () => {
    const number = newNumber();
    const first = await send(connA.token, { number, body: 'first' });
    const second = await send(connA.token, { number: `+${number}`, body: 'second' });
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.contactId).toBe(first.body.contactId);
    expect(second.body.ticketId).toBe(first.body.ticketId);
    expect(await contactsOf(a, number)).toHaveLength(1);
    expect(await ticketsOf(a, first.body.contactId)).toHaveLength(1);
    expect((await messagesOf(a, first.body.ticketId)).map((m) => m.body)).toEqual(['first', 'second']);
  });

  it('keeps one contact and one live ticket when sends to a new number race', async () => {
    const number = newNumber();
    const res = await Promise.all([1, 2, 3, 4].map((i) => send(connA.token, { number, body: `race ${i}` })));
    expect(res.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(new Set(res.map((r) => r.body.ticketId)).size).toBe(1);
    expect(await contactsOf(a, number)).toHaveLength(1);
    expect(await messagesOf(a, res[0]!.body.ticketId)).toHaveLength(4);
  });

  it('queues while the connection is down; the messages leave once it is up again', async () => {
    const conn = await createConnection(a);
    expect((await a.admin.api.delete(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    await fakes.until(() => fakes.loggedOut.includes(conn.id), 'the logout');
    const number = newNumber();
    const res = await send(conn.token, { number, body: 'waiting for the phone' });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));
    expect((await messageById(a, res.body.messageIds[0]))!.ack).toBe(0);
    expect(fakes.sent.filter((s) => s.whatsappId === conn.id)).toEqual([]);
    expect((await a.admin.api.post(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    await fakes.until(() => fakes.sent.some((s) => s.whatsappId === conn.id && s.message.to === number), 'the send');
  });
});

describe('POST /api/messages/send (media, multipart)', () => {
  it('stores each file and queues it; the text is the caption of the first', async () => {
    const number = newNumber();
    const image = png();
    const doc = pdf();
    const res = await sendForm(connA.token, { number, body: 'Your invoice' }, [
      { name: 'my photo<1>.png', type: 'image/png', data: image },
      { name: 'invoice.pdf', type: 'application/pdf', data: doc },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.messageIds).toHaveLength(2);
    const [first, second] = await messagesOf(a, res.body.ticketId);
    expect(first).toMatchObject({
      id: res.body.messageIds[0],
      body: 'Your invoice',
      fromMe: true,
      mediaType: 'image',
      mediaName: 'my_photo1.png',
      data: { mimetype: 'image/png' },
    });
    expect(second).toMatchObject({
      body: '',
      mediaType: 'document',
      mediaName: 'invoice.pdf',
      data: { mimetype: 'application/pdf' },
    });
    // Storage keys are the storage's own, under the company; the bytes are the ones sent.
    expect(first!.mediaUrl).toMatch(new RegExp(`^${a.companyId}/\\d{4}-\\d{2}/[0-9a-f-]{36}\\.png$`));
    expect(second!.mediaUrl).toMatch(/\.pdf$/);
    expect(Buffer.compare(await t.running.deps.storage.get(first!.mediaUrl!), image)).toBe(0);
    expect(Buffer.compare(await t.running.deps.storage.get(second!.mediaUrl!), doc)).toBe(0);
    // And the connection sends the files themselves.
    await fakes.until(() => fakes.sent.filter((s) => s.message.to === number).length === 2, 'both files to be sent');
    const sent = fakes.sent.filter((s) => s.message.to === number).map((s) => s.message);
    expect(sent[0]).toMatchObject({
      body: 'Your invoice',
      media: { mimetype: 'image/png', type: 'image', fileName: 'my_photo1.png' },
    });
    expect(Buffer.compare(sent[0]!.media!.data, image)).toBe(0);
  });

  it('sends files without text; audio first gets the text as a message of its own before it', async () => {
    const bare = await sendForm(connA.token, { number: newNumber() }, [
      { name: 'a.pdf', type: 'application/pdf', data: pdf() },
    ]);
    expect(bare.status, JSON.stringify(bare.body)).toBe(200);
    expect((await messagesOf(a, bare.body.ticketId)).map((m) => [m.body, m.mediaType])).toEqual([['', 'document']]);

    const voice = await sendForm(connA.token, { number: newNumber(), body: 'Listen' }, [
      { name: 'voice.ogg', type: 'audio/ogg; codecs=opus', data: ogg() },
    ]);
    expect(voice.status, JSON.stringify(voice.body)).toBe(200);
    expect((await messagesOf(a, voice.body.ticketId)).map((m) => [m.body, m.mediaType])).toEqual([
      ['Listen', 'chat'],
      ['', 'audio'],
    ]);
  });

  it('takes a text-only multipart send', async () => {
    const res = await sendForm(connA.token, { number: newNumber(), body: 'form text' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await messagesOf(a, res.body.ticketId)).map((m) => m.body)).toEqual(['form text']);
  });

  it.each([
    [
      'a type that is not accepted',
      { name: 'tool.exe', type: 'application/x-msdownload', data: Buffer.from('MZ....') },
    ],
    [
      'content that is not what it claims',
      { name: 'fake.png', type: 'image/png', data: Buffer.from('<html>not an image</html>') },
    ],
    ['an empty file', { name: 'empty.pdf', type: 'application/pdf', data: Buffer.alloc(0) }],
    ['a file in another field', { name: 'x.png', type: 'image/png', data: png(), field: 'file' }],
  ])('refuses %s (400 naming medias), storing and queueing nothing', async (_what, file) => {
    const number = newNumber();
    const filesBefore = await storedFiles();
    // A good file first: it must not stay behind either.
    const res = await sendForm(connA.token, { number, body: 'x' }, [
      { name: 'ok.png', type: 'image/png', data: png() },
      file,
    ]);
    expectInvalid(res, 'medias');
    expect(await contactsOf(a, number)).toEqual([]);
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());
  });

  it('refuses a bad number in a multipart send, keeping no file', async () => {
    const filesBefore = await storedFiles();
    const res = await sendForm(connA.token, { number: 'call me' }, [
      { name: 'ok.png', type: 'image/png', data: png() },
    ]);
    expectInvalid(res, 'number');
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());
  });

  it('answers 413 past the file size or the file count, storing nothing', async () => {
    const number = newNumber();
    const filesBefore = await storedFiles();
    const big = Buffer.concat([pdf(), Buffer.alloc(EXTERNAL_API_LIMITS.maxFileBytes)]);
    expectError(
      await sendForm(connA.token, { number, body: 'big' }, [{ name: 'big.pdf', type: 'application/pdf', data: big }]),
      413,
      'ERR_PAYLOAD_TOO_LARGE',
    );
    const many = Array.from({ length: EXTERNAL_API_LIMITS.maxFiles + 1 }, (_, i) => ({
      name: `${i}.png`,
      type: 'image/png',
      data: png(),
    }));
    expectError(await sendForm(connA.token, { number, body: 'many' }, many), 413, 'ERR_PAYLOAD_TOO_LARGE');
    expect(await contactsOf(a, number)).toEqual([]);
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());
  });

  it('answers 400, not 500, for a part typed __proto__ or constructor, a cut-off body or no boundary; keeps no file', async () => {
    const number = newNumber();
    const filesBefore = await storedFiles();
    const post = (parts: RawPart[], opts?: Parameters<typeof rawMultipart>[1]) =>
      postRaw(`${t.url}/api/messages/send`, rawMultipart(parts, opts), { authorization: `Bearer ${connA.token}` });
    const fields: RawPart[] = [
      { name: 'number', value: number },
      { name: 'body', value: 'oi' },
    ];
    for (const type of ['__proto__', 'constructor', 'toString'])
      expectInvalid(await post([...fields, { name: 'medias', value: png(), filename: 'a.png', type }]), 'medias');
    const file: RawPart = { name: 'medias', value: png(), filename: 'a.png', type: 'image/png' };
    // The first file is stored before the body turns out cut off: it goes again.
    expectError(
      await post([...fields, file, { ...file, value: pdf(), type: 'application/pdf' }], { truncate: true }),
      400,
      'ERR_VALIDATION',
    );
    expectError(await post([...fields, file], { noBoundary: true }), 400, 'ERR_VALIDATION');
    expect(await contactsOf(a, number)).toEqual([]);
    expect((await storedFiles()).sort()).toEqual(filesBefore.sort());
  });
});

describe('POST /api/messages/send (bad input)', () => {
  it.each([
    ['number', { number: 'abc', body: 'x' }],
    ['number', { number: '1234567', body: 'x' }],
    ['number', { number: '1234567890123456', body: 'x' }],
    ['number', { number: '55.11.98765.4321', body: 'x' }],
    ['number', { number: '', body: 'x' }],
    ['number', { body: 'x' }],
    ['number', { number: 5511.5, body: 'x' }],
    ['body', { number: '5511987650000' }],
    ['body', { number: '5511987650001', body: '   ' }],
    ['body', { number: '5511987650002', body: 'x'.repeat(4097) }],
    ['body', { number: '5511987650003', body: 'nul\u0000byte' }],
  ])('names %s and writes nothing', async (field, payload) => {
    expectInvalid(await send(connA.token, payload), field);
    const given = (payload as { number?: unknown }).number;
    const number = typeof given === 'string' ? given.replace(/\D/g, '') : '';
    if (number) expect(await contactsOf(a, number)).toEqual([]);
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.api.request('POST', '/api/messages/send', undefined, {
      authorization: `Bearer ${connA.token}`,
      'content-type': 'application/json',
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ERR_VALIDATION');
  });
});

describe('POST /api/messages/send (authentication and access)', () => {
  it.each([
    ['no Authorization header', {}],
    ['an empty bearer', { authorization: 'Bearer ' }],
    ['a wrong token', { authorization: `Bearer wrong-${uid()}-${uid()}-${uid()}` }],
    ['another scheme', { authorization: `Basic ${Buffer.from('x:y').toString('base64')}` }],
    ['a session access token', {}],
  ])('answers 401 to %s and writes nothing', async (what, headers) => {
    const number = newNumber();
    const auth = what === 'a session access token' ? { authorization: `Bearer ${a.admin.token}` } : headers;
    const res = await t.api.request('POST', '/api/messages/send', { number, body: 'x' }, auth);
    expectError(res, 401, 'ERR_INVALID_CREDENTIALS');
    expect(await contactsOf(a, number)).toEqual([]);
  });

  it('never matches a connection whose token is empty', async () => {
    const [empty] = await inCompany(a, (tx) =>
      tx
        .insert(whatsapps)
        .values({ companyId: a.companyId, name: 'No token', token: '' })
        .returning({ id: whatsapps.id }),
    );
    for (const authorization of ['Bearer ', 'Bearer    ', 'Bearer']) {
      expectError(
        await t.api.request('POST', '/api/messages/send', { number: newNumber(), body: 'x' }, { authorization }),
        401,
        'ERR_INVALID_CREDENTIALS',
      );
    }
    const onIt = await inCompany(a, (tx) => tx.select().from(messages).where(eq(messages.whatsappId, empty!.id)));
    expect(onIt).toEqual([]);
  });

  it("a token of one company never touches another company's data", async () => {
    const number = newNumber();
    const theirs = await send(connB.token, { number, body: 'from B' });
    expect(theirs.status).toBe(200);
    // B's own send settles first (sent, ack 1): what follows must change nothing of B's.
    await expect.poll(async () => (await messageById(b, theirs.body.messageIds[0]))!.ack).toBe(1);
    const before = await everything(b);
    const mine = await send(connA.token, { number, body: 'from A', whatsappId: connB.id, companyId: b.companyId });
    expect(mine.status).toBe(200);
    expect(await everything(b)).toEqual(before);
    expect(mine.body.contactId).not.toBe(theirs.body.contactId);
    expect(mine.body.ticketId).not.toBe(theirs.body.ticketId);
    const [contactA] = await contactsOf(a, number);
    expect(contactA!.id).toBe(mine.body.contactId);
    expect((await messagesOf(a, mine.body.ticketId)).map((m) => [m.body, m.whatsappId])).toEqual([
      ['from A', connA.id],
    ]);
  });

  it('answers 403 when the plan does not include the external API, and writes nothing', async () => {
    const c = await createTenant(t, { planId: (await createPlan(t, { useExternalApi: false })).id });
    const conn = await createConnection(c);
    const number = newNumber();
    const res = await send(conn.token, { number, body: 'x' });
    expectNoPermission(res);
    expect(await contactsOf(c, number)).toEqual([]);
  });

  it('answers 402 when the company subscription has expired, and writes nothing', async () => {
    const c = await createTenant(t, { planId });
    const conn = await createConnection(c);
    const superApi = t.api.as(await t.superToken());
    expect((await superApi.put(`/api/companies/${c.companyId}`, { dueDate: '2020-01-31' })).status).toBe(200);
    const number = newNumber();
    const refused = await send(conn.token, { number, body: 'x' });
    expectError(refused, 402, 'ERR_SUBSCRIPTION_EXPIRED');
    expect(refused.body.message).toContain('31/01/2020');
    expect(await contactsOf(c, number)).toEqual([]);
    expect((await superApi.put(`/api/companies/${c.companyId}`, { status: true, dueDate: '' })).status).toBe(200);
    expect((await send(conn.token, { number, body: 'x' })).status).toBe(200);
  });
});

describe('POST /api/messages/send (rate limits)', () => {
  it(`answers 429 ERR_RATE_LIMITED past ${EXTERNAL_API_LIMITS.perMinute} requests a minute for one token, not for others`, async () => {
    const conn = await createConnection(a);
    for (let i = 0; i < EXTERNAL_API_LIMITS.perMinute; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, () => send(conn.token, {})));
      expect(batch.map((r) => r.status)).toEqual(Array(10).fill(400));
    }
    const number = newNumber();
    const limited = await send(conn.token, { number, body: 'one too many' });
    expectError(limited, 429, 'ERR_RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await contactsOf(a, number)).toEqual([]);
    // Another token of the same company has its own budget.
    expect((await send(connA.token, { number, body: 'fine' })).status).toBe(200);
  });

  it(`refuses an address after ${EXTERNAL_API_LIMITS.failuresPerAddress} wrong tokens, even with a right one`, async () => {
    const own = await startTestApp();
    try {
      await useFakeChannels(own);
      const tenant = await createTenant(own, { planId: (await createPlan(own)).id });
      const conn = (await tenant.admin.api.post('/api/whatsapp', { name: 'Limited' })).body as { token: string };
      const sendOwn = (token: string) =>
        own.api.request(
          'POST',
          '/api/messages/send',
          { number: newNumber(), body: 'x' },
          { authorization: `Bearer ${token}` },
        );
      expect((await sendOwn(conn.token)).status).toBe(200);
      for (let i = 0; i < EXTERNAL_API_LIMITS.failuresPerAddress; i++) {
        expect((await sendOwn(`guess-${i}-${uid()}${uid()}`)).status).toBe(401);
      }
      expectError(await sendOwn(`guess-${uid()}${uid()}`), 429, 'ERR_RATE_LIMITED');
      expectError(await sendOwn(conn.token), 429, 'ERR_RATE_LIMITED');
    } finally {
      await own.stop();
    }
  });
});
