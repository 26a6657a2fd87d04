/**
 * The sandbox provider end to end through the real app: a connection created on the API starts
 * a sandbox channel in this process (the registry holds its lease), the simulator API pairs it
 * and plays a customer, and outbound messages go through the outbox to the simulated phone.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { eq } from 'drizzle-orm';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectError, expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import type { Api } from '../../../test/support/client.js';
import { inTenant } from '../../db/client.js';
import { contacts, tickets, whatsapps } from '../../db/schema/index.js';
import { runTenant } from '../../platform/context.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';
import { sessionsOf } from '../../../test/support/app.js';

const PNG_1PX = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

let t: TestApp;
let tenant: Tenant;
let other: Tenant;
let staff: Awaited<ReturnType<typeof createStaff>>;
let socket: Socket;
const sessionEvents: Array<{ action: string; session: Record<string, unknown> }> = [];

/** Polls until `check` answers something truthy (the registry and channel act after the request). */
async function until<T>(check: () => Promise<T>, what: string, ms = 15_000): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (let wait = 20; ; wait = Math.min(wait * 2, 250)) {
    const value = await check();
    if (value) return value as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sessionsOf(t).tick();
    await new Promise((r) => setTimeout(r, wait));
  }
}

const customerNumber = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

async function createSandbox(api: Api, name = `Sandbox ${randomBytes(3).toString('hex')}`) {
  const res = await api.post('/api/whatsapp', { name, provider: 'sandbox' });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: number; provider: string };
}

const state = (api: Api, id: number) => api.get(`/api/sandbox/${id}`);

async function waitForQr(api: Api, id: number, notQr = '') {
  return until(async () => {
    const res = await state(api, id);
    return res.body.status === 'qrcode' && res.body.qrcode && res.body.qrcode !== notQr
      ? (res.body as { qrcode: string; retries: number })
      : null;
  }, 'a QR code');
}

async function pair(api: Api, id: number) {
  const { qrcode } = await waitForQr(api, id);
  const res = await api.post(`/api/sandbox/${id}/scan`, { qrcode });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  await until(async () => (await state(api, id)).body.status === 'CONNECTED', 'CONNECTED');
}

beforeAll(async () => {
  t = await startTestApp();
  tenant = await createTenant(t);
  other = await createTenant(t);
  staff = await createStaff(t, tenant);
  socket = await connectSocket(t.url, tenant.admin.token);
  socket.on(`company-${tenant.companyId}-whatsappSession`, (data: (typeof sessionEvents)[number]) =>
    sessionEvents.push(data),
  );
});
afterAll(async () => {
  socket?.close();
  await t?.stop();
});

describe('the sandbox’s own number', () => {
  it('is in a range no customer has (+999: no country); the contacts refuse it, and the simulator refuses it as a customer', async () => {
    const api = tenant.admin.api;
    const conn = await createSandbox(api);
    await pair(api, conn.id);
    const own = (await state(api, conn.id)).body.number as string;
    expect(own).toBe(`999${String(conn.id).padStart(10, '0')}`);
    const contact = await api.post('/api/contacts', { name: 'A própria conexão', number: `+${own}` });
    expectInvalid(contact, 'number');
    expect(contact.body.fields.number).toBe('invalidNumber');

    for (const [path, body] of [
      [`/api/sandbox/${conn.id}/customers`, { number: own, name: 'Eu mesmo' }],
      [`/api/sandbox/${conn.id}/messages`, { number: `+${own}`, body: 'oi' }],
      [`/api/sandbox/${conn.id}/customers`, { number: '9990000000001', name: 'Outro sandbox' }],
    ] as const) {
      const res = await api.post(path, body);
      expectInvalid(res, 'number');
      expect(res.body.fields.number, path).toBe('sandboxNumber');
    }
    expect((await api.get(`/api/sandbox/${conn.id}/customers`)).body).toEqual([]);
    // A customer's number still plays.
    expect(
      (await api.post(`/api/sandbox/${conn.id}/customers`, { number: customerNumber(), name: 'Cliente' })).status,
    ).toBe(200);
  });
});

describe('pairing', () => {
  it('a new sandbox connection shows a QR code; scanning it pairs the connection (row and socket event)', async () => {
    const conn = await createSandbox(tenant.admin.api);
    expect(conn.provider).toBe('sandbox');
    const qr = await waitForQr(tenant.admin.api, conn.id);
    expect(qr.qrcode).toMatch(new RegExp(`^balcao-sandbox:${conn.id}:[\\w-]+$`));
    expect(qr.retries).toBe(0);
    const listed = await tenant.admin.api.get(`/api/whatsapp/${conn.id}`);
    expect(listed.body).toMatchObject({ status: 'qrcode', qrcode: qr.qrcode });

    // Sending before pairing is refused with the catalogue's code.
    const early = await tenant.admin.api.post(`/api/sandbox/${conn.id}/messages`, {
      number: customerNumber(),
      body: 'oi',
    });
    expectError(early, 409, 'ERR_WAPP_NOT_INITIALIZED');

    // Only the QR code shown now pairs.
    expectInvalid(await tenant.admin.api.post(`/api/sandbox/${conn.id}/scan`, { qrcode: `${qr.qrcode}x` }), 'qrcode');
    expectInvalid(await tenant.admin.api.post(`/api/sandbox/${conn.id}/scan`, {}), 'qrcode');
    const scan = await tenant.admin.api.post(`/api/sandbox/${conn.id}/scan`, { qrcode: qr.qrcode });
    expect(scan.status, JSON.stringify(scan.body)).toBe(202);

    const connected = await until(async () => {
      const res = await tenant.admin.api.get(`/api/whatsapp/${conn.id}`);
      return res.body.status === 'CONNECTED' ? res.body : null;
    }, 'CONNECTED');
    expect(connected).toMatchObject({ qrcode: '', number: `999${String(conn.id).padStart(10, '0')}` });
    await until(
      async () => sessionEvents.some((e) => e.session.id === conn.id && e.session.status === 'CONNECTED'),
      'the CONNECTED event',
    );
    const statuses = sessionEvents.filter((e) => e.session.id === conn.id).map((e) => e.session.status);
    expect(statuses).toEqual(expect.arrayContaining(['qrcode', 'PAIRING', 'CONNECTED']));
    expect(statuses.indexOf('PAIRING')).toBeLessThan(statuses.indexOf('CONNECTED'));

    // Scanning again once connected: nothing to scan.
    expectError(
      await tenant.admin.api.post(`/api/sandbox/${conn.id}/scan`, { qrcode: qr.qrcode }),
      409,
      'ERR_WAPP_NOT_INITIALIZED',
    );
  });

  it('"try again" on a live session starts over with a new QR; disconnect forgets the pairing', async () => {
    const api = tenant.admin.api;
    const conn = await createSandbox(api);
    const first = await waitForQr(api, conn.id);
    expect((await api.post(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    const second = await waitForQr(api, conn.id, first.qrcode);
    expect(second.qrcode).not.toBe(first.qrcode);

    const scan = await api.post(`/api/sandbox/${conn.id}/scan`, { qrcode: second.qrcode });
    expect(scan.status).toBe(202);
    await until(async () => (await state(api, conn.id)).body.status === 'CONNECTED', 'CONNECTED');

    expect((await api.delete(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    expect((await state(api, conn.id)).body.status).toBe('DISCONNECTED');
    // Starting again needs a new pairing: the device was forgotten.
    expect((await api.post(`/api/whatsappsession/${conn.id}`)).status).toBe(200);
    await waitForQr(api, conn.id);
  });
});

describe('messages through the simulated phone', () => {
  let conn: { id: number };
  beforeAll(async () => {
    conn = await createSandbox(tenant.admin.api);
    await pair(tenant.admin.api, conn.id);
  });

  it('a customer message is stored once on a pending ticket, with its contact', async () => {
    const number = customerNumber();
    const res = await tenant.admin.api.post(`/api/sandbox/${conn.id}/messages`, {
      number: `+${number.slice(0, 2)} ${number.slice(2, 4)} ${number.slice(4)}`,
      name: 'Maria Cliente',
      body: 'Olá, quero um orçamento',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({
      fromCustomer: true,
      number,
      body: 'Olá, quero um orçamento',
      ticketStatus: 'pending',
    });

    const [ticket] = await inTenant(t.running.deps.pools.db, tenant.companyId, (tx) =>
      tx
        .select({
          id: tickets.id,
          status: tickets.status,
          whatsappId: tickets.whatsappId,
          unread: tickets.unreadMessages,
          name: contacts.name,
          number: contacts.number,
        })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(eq(tickets.id, res.body.ticketId)),
    );
    expect(ticket).toMatchObject({ status: 'pending', whatsappId: conn.id, unread: 1, name: 'Maria Cliente', number });

    const customers = await tenant.admin.api.get(`/api/sandbox/${conn.id}/customers`);
    expect(customers.body).toEqual(
      expect.arrayContaining([expect.objectContaining({ number, name: 'Maria Cliente', unread: 0 })]),
    );

    // The second message lands on the same ticket.
    const again = await tenant.admin.api.post(`/api/sandbox/${conn.id}/messages`, { number, body: 'Alô?' });
    expect(again.body.ticketId).toBe(res.body.ticketId);
    const chat = await tenant.admin.api.get(`/api/sandbox/${conn.id}/conversations/${number}`);
    expect(chat.body.customer).toEqual({ number, name: 'Maria Cliente' });
    expect(chat.body.messages.map((m: { body: string }) => m.body)).toEqual(['Olá, quero um orçamento', 'Alô?']);
  });

  it('an outbound reply reaches the phone (ack 2); reading it on the phone makes it ack 4', async () => {
    const number = customerNumber();
    const first = await tenant.admin.api.post(`/api/sandbox/${conn.id}/messages`, { number, name: 'João', body: 'Oi' });
    const ticketId = first.body.ticketId as number;
    // Queued, and its outbox kicked after the commit.
    const queued = await runTenant(t.running.deps, tenant.companyId, (_tx, _events, uow) =>
      queueOutbound(uow, {
        companyId: tenant.companyId,
        ticketId,
        whatsappId: conn.id,
        body: 'Bom dia, João!',
        userId: tenant.admin.id,
      }),
    );

    const reply = await until(async () => {
      const chat = await tenant.admin.api.get(`/api/sandbox/${conn.id}/conversations/${number}`);
      return (chat.body.messages as Array<Record<string, unknown>>).find((m) => m.id === queued.id && m.ack === 2);
    }, 'the reply delivered');
    expect(reply).toMatchObject({
      fromCustomer: false,
      body: 'Bom dia, João!',
      ticketId,
      externalId: expect.stringMatching(/^sandbox-/),
    });
    const listed = await tenant.admin.api.get(`/api/sandbox/${conn.id}/customers`);
    expect(listed.body.find((c: { number: string }) => c.number === number)).toMatchObject({ unread: 1 });

    const read = await tenant.admin.api.post(`/api/sandbox/${conn.id}/conversations/${number}/read`);
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toEqual({ read: 1 });
    const chat = await tenant.admin.api.get(`/api/sandbox/${conn.id}/conversations/${number}`);
    expect(chat.body.messages.find((m: { id: number }) => m.id === queued.id)).toMatchObject({ ack: 4 });
    expect((await tenant.admin.api.post(`/api/sandbox/${conn.id}/conversations/${number}/read`)).body).toEqual({
      read: 0,
    });
  });

  it('a customer sends an image: stored as image media, served back with its type', async () => {
    const number = customerNumber();
    const res = await tenant.admin.api.post(`/api/sandbox/${conn.id}/messages`, {
      number,
      body: 'Foto do produto',
      media: { data: PNG_1PX, mimetype: 'image/png', fileName: '../../etc/foto produto.png' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ mediaType: 'image', mediaName: 'foto_produto.png', body: 'Foto do produto' });
    const file = await fetch(`${t.url}${res.body.mediaUrl}`, {
      headers: { authorization: `Bearer ${tenant.admin.token}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await file.arrayBuffer()).equals(Buffer.from(PNG_1PX, 'base64'))).toBe(true);
  });

  it('refuses bad input with the field, wrong or oversized media, and customers are saved', async () => {
    const api = tenant.admin.api;
    const url = `/api/sandbox/${conn.id}/messages`;
    expectInvalid(await api.post(url, { number: '12ab', body: 'x' }), 'number');
    expectInvalid(await api.post(url, { number: customerNumber(), body: '   ' }), 'body');
    expectInvalid(
      await api.post(url, { number: customerNumber(), media: { data: PNG_1PX, mimetype: 'application/x-msdownload' } }),
      'media.mimetype',
    );
    expectInvalid(
      await api.post(url, { number: customerNumber(), media: { data: 'not base64!', mimetype: 'image/png' } }),
      'media.data',
    );
    // A PDF announced as an image is not an image.
    const pdf = Buffer.from('%PDF-1.4 fake').toString('base64');
    expectInvalid(
      await api.post(url, { number: customerNumber(), media: { data: pdf, mimetype: 'image/jpeg' } }),
      'media.data',
    );
    // Images may have 5 MB.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1);
    big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expectError(
      await api.post(url, { number: customerNumber(), media: { data: big.toString('base64'), mimetype: 'image/png' } }),
      413,
      'ERR_PAYLOAD_TOO_LARGE',
    );

    expectInvalid(await api.post(`/api/sandbox/${conn.id}/customers`, { number: '5511', name: 'Ana' }), 'number');
    expectInvalid(await api.post(`/api/sandbox/${conn.id}/customers`, { number: customerNumber(), name: '' }), 'name');
    const number = customerNumber();
    const saved = await api.post(`/api/sandbox/${conn.id}/customers`, { number, name: 'Ana' });
    expect(saved.status).toBe(200);
    const renamed = await api.post(`/api/sandbox/${conn.id}/customers`, { number, name: 'Ana Souza' });
    expect(renamed.body).toMatchObject({ number, name: 'Ana Souza' });
    const empty = await api.get(`/api/sandbox/${conn.id}/conversations/${number}`);
    expect(empty.body).toEqual({ customer: { number, name: 'Ana Souza' }, messages: [] });
  });

  it('every simulator route: another company answers 404, a plain user 403, a non-sandbox connection 404', async () => {
    const number = customerNumber();
    const routes: Array<[string, string, unknown?]> = [
      ['GET', `/api/sandbox/${conn.id}`],
      ['POST', `/api/sandbox/${conn.id}/scan`, { qrcode: 'balcao-sandbox:x' }],
      ['GET', `/api/sandbox/${conn.id}/customers`],
      ['POST', `/api/sandbox/${conn.id}/customers`, { number, name: 'Intrusa' }],
      ['POST', `/api/sandbox/${conn.id}/messages`, { number, body: 'oi' }],
      ['GET', `/api/sandbox/${conn.id}/conversations/${number}`],
      ['POST', `/api/sandbox/${conn.id}/conversations/${number}/read`],
      ['GET', `/api/sandbox/${conn.id}/media/1`],
    ];
    for (const [method, path, body] of routes) {
      expectNotFound(await other.admin.api.request(method, path, body));
      expectNoPermission(await staff.api.request(method, path, body));
    }
    // Nothing of the other company's attempts was stored.
    const customers = await tenant.admin.api.get(`/api/sandbox/${conn.id}/customers`);
    expect(customers.body.some((c: { number: string }) => c.number === number)).toBe(false);

    const [beta] = await inTenant(t.running.deps.pools.db, tenant.companyId, (tx) =>
      tx
        .insert(whatsapps)
        .values({ companyId: tenant.companyId, name: 'Beta', provider: 'beta', token: randomBytes(24).toString('hex') })
        .returning(),
    );
    expectNotFound(await tenant.admin.api.get(`/api/sandbox/${beta!.id}`));
    expectNotFound(await tenant.admin.api.post(`/api/sandbox/${beta!.id}/messages`, { number, body: 'oi' }));
  });
});
