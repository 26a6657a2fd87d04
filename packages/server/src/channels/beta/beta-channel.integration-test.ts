import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import {
  addTransactionCapability,
  getNextPreKeys,
  makeCacheableSignalKeyStore,
  proto,
  type WAMessage,
} from '@whiskeysockets/baileys';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, type Tenant } from '../../../test/support/factories.js';
import { inTenant } from '../../db/client.js';
import { channelKeys, contacts, messages, tickets, whatsapps } from '../../db/schema/index.js';
import { SendError, type Channel } from '../channel.js';
import type { Whatsapp } from '../channel.js';
import { createBetaChannel } from './beta-channel.js';
import { FakeSocket } from './fake-socket.js';
import { CALL_REFUSED_TEXT } from '../../automation/refused-call.js';
import { runTenant } from '../../platform/context.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';
import { drainOutbox } from '../../modules/messages/outbox.js';

/**
 * The beta channel against the real pipeline: the factory is called the way the registry calls
 * it (with the app's door, `eventsFor`), so statuses land in `whatsapps`, messages, acks and edits
 * go through the pipeline — only the Baileys socket is a fake.
 */

let t: TestApp;
let a: Tenant;
const open: Channel[] = [];

beforeAll(async () => {
  t = await startTestApp();
  a = await createTenant(t);
});
afterAll(async () => {
  for (const c of open) await c.stop().catch(() => {});
  await t.stop();
});

const ME = '5511900000001';
const ME_JID = `${ME}:12@s.whatsapp.net`;
const uid = () => randomBytes(4).toString('hex');
const db = () => t.running.deps.pools.db;
const scoped = <T>(fn: Parameters<typeof inTenant<T>>[2]) => inTenant(db(), a.companyId, fn);

async function newConnection(): Promise<Whatsapp> {
  const [row] = await scoped((tx) =>
    tx
      .insert(whatsapps)
      .values({
        companyId: a.companyId,
        name: `Beta ${uid()}`,
        provider: 'beta',
        token: randomBytes(30).toString('base64url').slice(0, 40),
      })
      .returning(),
  );
  return row!;
}

function harness(conn: Whatsapp) {
  const sockets: FakeSocket[] = [];
  const factory = createBetaChannel({
    makeSocket: (opts) => {
      const s = new FakeSocket(opts);
      sockets.push(s);
      return s;
    },
    downloadMedia: async () => Buffer.from('fake media bytes'),
    backoff: { initialMs: 20, maxMs: 80 },
  });
  const channel = factory(conn, t.running.eventsFor(conn), t.running.deps);
  open.push(channel);
  return { conn, channel, sockets, last: () => sockets.at(-1)! };
}
type Harness = ReturnType<typeof harness>;

/** A channel paired and CONNECTED as ME (the pairing's restart included). */
async function connected(): Promise<Harness> {
  const h = harness(await newConnection());
  await h.channel.start();
  h.last().pair(ME_JID);
  h.last().close(515);
  await until(
    async () => h.sockets.length,
    (n) => n === 2,
  );
  h.last().openAs(ME_JID);
  await untilRow(h.conn.id, (r) => r.status === 'CONNECTED');
  return h;
}

async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, ms = 5_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`condition not met in ${ms} ms; last value: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const row = async (id: number) => (await scoped((tx) => tx.select().from(whatsapps).where(eq(whatsapps.id, id))))[0]!;
const untilRow = (id: number, ok: (r: Whatsapp) => boolean) => until(() => row(id), ok);
const keyRows = (id: number) =>
  scoped((tx) => tx.select().from(channelKeys).where(eq(channelKeys.whatsappId, id)).orderBy(channelKeys.key));
const messageRow = async (whatsappId: number, externalId: string) =>
  (
    await scoped((tx) =>
      tx
        .select()
        .from(messages)
        .where(and(eq(messages.whatsappId, whatsappId), eq(messages.externalId, externalId))),
    )
  )[0];
const untilMessage = (
  whatsappId: number,
  externalId: string,
  ok: (m: typeof messages.$inferSelect) => boolean = () => true,
) =>
  until(
    () => messageRow(whatsappId, externalId),
    (m) => Boolean(m && ok(m)),
  ).then((m) => m!);
const contactByNumber = async (number: string) =>
  (await scoped((tx) => tx.select().from(contacts).where(eq(contacts.number, number))))[0];

let seq = 0;
function text(
  from: string,
  body: string,
  key: Partial<WAMessage['key']> = {},
  extra: Partial<WAMessage> = {},
): WAMessage {
  return {
    key: { remoteJid: from, fromMe: false, id: `IN${++seq}${uid()}`.toUpperCase(), ...key },
    message: { conversation: body },
    messageTimestamp: Math.floor(Date.now() / 1000),
    pushName: 'Cliente',
    ...extra,
  };
}

describe('status machine', () => {
  it('shows each QR with its count; after the third goes unscanned the connection is DISCONNECTED', async () => {
    const h = harness(await newConnection());
    await h.channel.start();
    expect((await row(h.conn.id)).status).toBe('OPENING');
    const s = h.last();
    for (const n of [1, 2, 3]) {
      s.showQr(`qr-${n}`);
      const r = await untilRow(h.conn.id, (r) => r.qrcode === `qr-${n}`);
      expect(r).toMatchObject({ status: 'qrcode', retries: n });
    }
    s.showQr('qr-4');
    const r = await untilRow(h.conn.id, (r) => r.status === 'DISCONNECTED');
    expect(r.qrcode).toBe('');
    // Given up: not restarted by the next boot until someone asks again.
    expect(r.sessionWanted).toBe(false);
    expect(s.ended).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(h.sockets).toHaveLength(1); // no retry
    expect(await keyRows(h.conn.id)).toEqual([]);
  });

  it('reconnects at once when WhatsApp asks for the restart after pairing (515), then CONNECTED with the number', async () => {
    const h = harness(await newConnection());
    await h.channel.start();
    const first = h.last();
    first.showQr('qr-1');
    await untilRow(h.conn.id, (r) => r.status === 'qrcode');
    first.pair(ME_JID);
    await untilRow(h.conn.id, (r) => r.status === 'PAIRING');
    first.close(515);
    await until(
      async () => h.sockets.length,
      (n) => n === 2,
      1_000,
    );
    expect((await row(h.conn.id)).status).toBe('PAIRING');
    // The new socket runs on the creds saved by the pairing, read back from the database.
    const second = h.last();
    expect(second.opts.auth).not.toBe(first.opts.auth);
    expect(second.opts.auth.creds.me?.id).toBe(ME_JID);
    second.openAs(ME_JID);
    const r = await untilRow(h.conn.id, (r) => r.status === 'CONNECTED');
    expect(r.number).toBe(ME);
    // A stale close from the first socket changes nothing.
    first.end(undefined);
    await new Promise((r) => setTimeout(r, 100));
    expect((await row(h.conn.id)).status).toBe('CONNECTED');
    expect(h.sockets).toHaveLength(2);
  });

  it('reconnects with backoff after a lost connection (OPENING) and after a timeout (TIMEOUT)', async () => {
    const h = await connected();
    h.last().close(428);
    await untilRow(h.conn.id, (r) => r.status === 'OPENING');
    await until(
      async () => h.sockets.length,
      (n) => n === 3,
    );
    h.last().openAs(ME_JID);
    await untilRow(h.conn.id, (r) => r.status === 'CONNECTED');
    h.last().close(408);
    await untilRow(h.conn.id, (r) => r.status === 'TIMEOUT');
    await until(
      async () => h.sockets.length,
      (n) => n === 4,
    );
    h.last().openAs(ME_JID);
    await untilRow(h.conn.id, (r) => r.status === 'CONNECTED');
  });

  it('a logout from the phone (401) clears the auth state: DISCONNECTED, no retry', async () => {
    const h = await connected();
    await h.last().opts.auth.keys.set({ 'pre-key': { '1': { public: Buffer.from('p'), private: Buffer.from('q') } } });
    expect((await keyRows(h.conn.id)).length).toBeGreaterThanOrEqual(2); // creds + pre-key
    h.last().close(401);
    await untilRow(h.conn.id, (r) => r.status === 'DISCONNECTED');
    expect(await keyRows(h.conn.id)).toEqual([]);
    await new Promise((r) => setTimeout(r, 150));
    expect(h.sockets).toHaveLength(2);
  });

  it('logout() logs the socket out and deletes every channel_keys row of the connection', async () => {
    const h = await connected();
    const other = await connected(); // another connection's keys stay
    await h.last().opts.auth.keys.set({ session: { [`${ME}.0`]: Buffer.from('session') } });
    await h.channel.logout();
    expect(h.last().loggedOut).toBe(true);
    expect(await keyRows(h.conn.id)).toEqual([]);
    expect((await keyRows(other.conn.id)).map((k) => k.key)).toContain('creds');
    expect((await row(h.conn.id)).status).toBe('DISCONNECTED');
  });

  it('stop() ends the socket without logging out and keeps the auth state', async () => {
    const h = await connected();
    await h.channel.stop();
    expect(h.last().ended).toBe(true);
    expect(h.last().loggedOut).toBe(false);
    expect((await keyRows(h.conn.id)).map((k) => k.key)).toContain('creds');
  });

  it('pairing by code: asks the socket, shows PAIRING, and stops counting QR codes', async () => {
    const h = harness(await newConnection());
    await h.channel.start();
    expect(await h.channel.requestPairingCode!('+55 11 90000-0001')).toBe('ABCD1234');
    expect(h.last().pairingRequests).toEqual(['5511900000001']);
    await untilRow(h.conn.id, (r) => r.status === 'PAIRING');
    for (const n of [1, 2, 3, 4, 5]) h.last().showQr(`qr-${n}`);
    await new Promise((r) => setTimeout(r, 150));
    expect((await row(h.conn.id)).status).toBe('PAIRING');
  });
});

describe('auth state in channel_keys', () => {
  it('one row per key, written and deleted one by one; a new channel reads creds and keys back', async () => {
    const conn = await newConnection();
    const h1 = harness(conn);
    await h1.channel.start();
    const auth = h1.last().opts.auth;
    const kp1 = { public: Buffer.from('public-1'), private: Buffer.from('private-1') };
    const kp2 = { public: Buffer.from('public-2'), private: Buffer.from('private-2') };
    await auth.keys.set({ 'pre-key': { '1': kp1, '2': kp2 }, session: { [`${ME}.0`]: Buffer.from('session-bytes') } });
    expect((await keyRows(conn.id)).map((k) => k.key)).toEqual(['pre-key-1', 'pre-key-2', `session-${ME}.0`]);
    const stored = (await keyRows(conn.id))[0]!;
    expect(stored.value).toEqual({
      public: { type: 'Buffer', data: Buffer.from('public-1').toString('base64') },
      private: { type: 'Buffer', data: Buffer.from('private-1').toString('base64') },
    });

    // Only the changed key is touched: deleting pre-key 2 leaves pre-key 1's row as it was.
    await auth.keys.set({ 'pre-key': { '2': null } });
    const after = await keyRows(conn.id);
    expect(after.map((k) => k.key)).toEqual(['pre-key-1', `session-${ME}.0`]);
    expect(after[0]!.updatedAt).toEqual(stored.updatedAt);

    // Baileys mutates the creds and emits creds.update: the creds row follows.
    h1.last().pair(ME_JID);
    await until(
      () => keyRows(conn.id),
      (rows) => rows.some((r) => r.key === 'creds'),
    );
    await h1.channel.stop();

    const h2 = harness(conn);
    await h2.channel.start();
    const reloaded = h2.last().opts.auth;
    expect(reloaded).not.toBe(auth);
    expect(reloaded.creds.me?.id).toBe(ME_JID);
    expect(Buffer.from(reloaded.creds.noiseKey.private)).toEqual(Buffer.from(auth.creds.noiseKey.private));
    expect(reloaded.creds.registrationId).toBe(auth.creds.registrationId);
    const keys = await reloaded.keys.get('pre-key', ['1', '2']);
    expect(Object.keys(keys)).toEqual(['1']);
    expect(Buffer.isBuffer(keys['1']!.public)).toBe(true);
    expect(keys['1']).toEqual(kp1);
    const sessions = await reloaded.keys.get('session', [`${ME}.0`]);
    expect(Buffer.from(sessions[`${ME}.0`]!).toString()).toBe('session-bytes');
  });
  it("Baileys' own key code (cached, in a transaction) writes one row per pre-key and reads them back", async () => {
    const conn = await newConnection();
    const h = harness(conn);
    await h.channel.start();
    const { creds, keys } = h.last().opts.auth;
    const log = t.running.deps.log;
    const store = addTransactionCapability(makeCacheableSignalKeyStore(keys, log), log, {
      maxCommitRetries: 2,
      delayBetweenTriesMs: 10,
    });
    const { preKeys } = await store.transaction(() => getNextPreKeys({ creds, keys: store }, 30), 'test');
    expect(Object.keys(preKeys)).toHaveLength(30);
    const rows = (await keyRows(conn.id)).filter((r) => r.key.startsWith('pre-key-'));
    expect(rows).toHaveLength(30);
    const first = Number(Object.keys(preKeys)[0]);
    const fresh = await keys.get('pre-key', [String(first)]);
    expect(Buffer.from(fresh[String(first)]!.public)).toEqual(Buffer.from(preKeys[first]!.public));
  });
});

describe('inbound messages', () => {
  it('a message is stored with its contact (by phone number) and a pending ticket', async () => {
    const h = await connected();
    const msg = text('5511988887777@s.whatsapp.net', 'Olá, bom dia');
    h.last().receive([msg]);
    const m = await untilMessage(h.conn.id, msg.key.id!);
    expect(m).toMatchObject({ body: 'Olá, bom dia', fromMe: false, mediaType: 'chat', ack: 0 });
    const contact = (await contactByNumber('5511988887777'))!;
    expect(contact).toMatchObject({ name: 'Cliente', isGroup: false });
    expect(m.contactId).toBe(contact.id);
    const [ticket] = await scoped((tx) => tx.select().from(tickets).where(eq(tickets.id, m.ticketId)));
    expect(ticket).toMatchObject({
      status: 'pending',
      contactId: contact.id,
      whatsappId: h.conn.id,
      unreadMessages: 1,
    });
  });

  it('media is downloaded and stored; a quote keeps the quoted id', async () => {
    const h = await connected();
    const msg: WAMessage = {
      ...text('5511988880001@s.whatsapp.net', ''),
      message: { imageMessage: { mimetype: 'image/jpeg', caption: 'foto', contextInfo: { stanzaId: 'ORIGINAL' } } },
    };
    h.last().receive([msg]);
    const m = await untilMessage(h.conn.id, msg.key.id!);
    expect(m).toMatchObject({ mediaType: 'image', body: 'foto', quotedExternalId: 'ORIGINAL' });
    expect(m.mediaUrl).toMatch(/\.jpg$/);
    expect((await t.running.deps.storage.get(m.mediaUrl!)).toString()).toBe('fake media bytes');
  });

  it('a LID chat is stored under the phone number (key alternate or the socket mapping), the LID kept apart', async () => {
    const h = await connected();
    const viaAlt = text('111222333444555@lid', 'por alt', { remoteJidAlt: '5511977776666@s.whatsapp.net' });
    h.last().lids.set('222333444555666@lid', '5511966665555:0@s.whatsapp.net');
    const viaStore = text('222333444555666@lid', 'pelo mapa');
    h.last().receive([viaAlt, viaStore]);
    await untilMessage(h.conn.id, viaStore.key.id!);
    expect(await contactByNumber('5511977776666')).toMatchObject({ lid: '111222333444555@lid' });
    expect(await contactByNumber('5511966665555')).toMatchObject({ lid: '222333444555666@lid' });
  });

  it('a LID-only sender is never stored as a number: it waits, and goes in under the number once WhatsApp tells it', async () => {
    const h = await connected();
    const lidOnly = text('999888777666555@lid', 'quem sou eu?');
    const marker = text('5511944443333@s.whatsapp.net', 'depois');
    h.last().receive([lidOnly, marker]);
    await untilMessage(h.conn.id, marker.key.id!); // events run in order: the LID one was handled first
    expect(await messageRow(h.conn.id, lidOnly.key.id!)).toBeUndefined();
    const lidNumbers = await scoped((tx) =>
      tx
        .select()
        .from(contacts)
        .where(inArray(contacts.number, ['999888777666555', '999888777666555@lid'])),
    );
    expect(lidNumbers).toEqual([]);

    h.last().emit('lid-mapping.update', { lid: '999888777666555@lid', pn: '5511933332222@s.whatsapp.net' });
    const m = await untilMessage(h.conn.id, lidOnly.key.id!);
    const contact = (await contactByNumber('5511933332222'))!;
    expect(m.contactId).toBe(contact.id);
    expect(contact.lid).toBe('999888777666555@lid');
  });

  it('groups follow CheckMsgIsGroup: ignored by default; when allowed, the group is the contact and the sender the participant', async () => {
    const h = await connected();
    const group = '120363041234567890@g.us';
    const setGroups = async (value: 'enabled' | 'disabled') =>
      expect((await a.admin.api.put('/api/settings/CheckMsgIsGroup', { value })).status).toBe(200);

    const ignored = text(group, 'ignorada', { participant: '5511922221111@s.whatsapp.net' });
    const marker = text('5511922221111@s.whatsapp.net', 'marker');
    h.last().receive([ignored, marker]);
    await untilMessage(h.conn.id, marker.key.id!);
    expect(await messageRow(h.conn.id, ignored.key.id!)).toBeUndefined();

    await setGroups('disabled');
    try {
      const known = text(group, 'bom dia', { participant: '5511922221111@s.whatsapp.net' });
      const unknown = text(group, 'oi', { participant: '888777666555444@lid' });
      h.last().receive([known, unknown]);
      const m1 = await untilMessage(h.conn.id, known.key.id!);
      const m2 = await untilMessage(h.conn.id, unknown.key.id!);
      expect(m1.participant).toBe('5511922221111');
      expect(m2.participant).toBeNull(); // a LID-only sender is left out, never written as a number
      const contact = (await contactByNumber('120363041234567890'))!;
      expect(contact.isGroup).toBe(true);
      expect(m1.contactId).toBe(contact.id);
      expect(m2.contactId).toBe(contact.id);
      expect(await contactByNumber('888777666555444')).toBeUndefined();
    } finally {
      await setGroups('enabled');
    }
  });

  it('edits and deletions made on WhatsApp mark the stored message', async () => {
    const h = await connected();
    const from = '5511911110000@s.whatsapp.net';
    const original = text(from, 'primeira versão');
    const other = text(from, 'apagar');
    h.last().receive([original, other]);
    await untilMessage(h.conn.id, other.key.id!);
    const T = proto.Message.ProtocolMessage.Type;
    h.last().receive([
      {
        ...text(from, ''),
        message: {
          protocolMessage: {
            type: T.MESSAGE_EDIT,
            key: { id: original.key.id },
            editedMessage: { conversation: 'segunda versão' },
          },
        },
      },
      { ...text(from, ''), message: { protocolMessage: { type: T.REVOKE, key: { id: other.key.id } } } },
      { ...text(from, ''), message: { reactionMessage: { key: { id: original.key.id }, text: '👍' } } },
    ]);
    const edited = await untilMessage(h.conn.id, original.key.id!, (m) => m.isEdited && Boolean(m.data));
    expect(edited.body).toBe('segunda versão');
    expect(edited.data).toMatchObject({ reactions: [{ emoji: '👍', from: '5511911110000' }] });
    expect((await untilMessage(h.conn.id, other.key.id!, (m) => m.isDeleted)).isDeleted).toBe(true);
  });

  it('acks move a message forward only', async () => {
    const h = await connected();
    const fromPhone = text('5511955550000@s.whatsapp.net', 'enviado do celular', { fromMe: true });
    h.last().receive([fromPhone], 'append');
    expect((await untilMessage(h.conn.id, fromPhone.key.id!)).ack).toBe(1);
    const key = { ...fromPhone.key };
    const S = proto.WebMessageInfo.Status;
    h.last().emit('messages.update', [{ key, update: { status: S.DELIVERY_ACK } }]);
    await untilMessage(h.conn.id, key.id!, (m) => m.ack === 3);
    h.last().emit('messages.update', [{ key, update: { status: S.READ } }]);
    await untilMessage(h.conn.id, key.id!, (m) => m.ack === 4);
    h.last().emit('messages.update', [{ key, update: { status: S.DELIVERY_ACK } }]);
    const marker = text('5511955550000@s.whatsapp.net', 'marker');
    h.last().receive([marker]);
    await untilMessage(h.conn.id, marker.key.id!);
    expect((await messageRow(h.conn.id, key.id!))!.ack).toBe(4);
  });

  describe('incoming calls and the "call" setting', () => {
    const setCalls = async (value: 'enabled' | 'disabled') =>
      expect((await a.admin.api.put('/api/settings/call', { value })).status).toBe(200);
    const ring = (h: Harness, id: string, from: string, isVideo = false) =>
      h.last().emit('call', [{ chatId: from, from, id, date: new Date(), status: 'offer', offline: false, isVideo }]);
    const ticketMessages = (ticketId: number) =>
      scoped((tx) => tx.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id));

    it('enabled: the call rings on (not refused) and is logged as received, nobody is told anything', async () => {
      await setCalls('enabled');
      try {
        const h = await connected();
        ring(h, 'C1', '5511900009999@s.whatsapp.net', true);
        const m = await untilMessage(h.conn.id, 'call-C1');
        expect(m).toMatchObject({ mediaType: 'call_log', body: 'Chamada de vídeo recebida', fromMe: false });
        expect(h.last().rejectedCalls).toEqual([]);
        expect((await ticketMessages(m.ticketId)).map((r) => r.id)).toEqual([m.id]);
      } finally {
        await setCalls('disabled');
      }
    });

    it('disabled (the default): the call is refused, logged as refused, and the caller gets one bot message saying why', async () => {
      const h = await connected();
      const from = '5511900008888@s.whatsapp.net';
      ring(h, 'C2', from);
      const log = await untilMessage(h.conn.id, 'call-C2');
      expect(log).toMatchObject({ mediaType: 'call_log', body: 'Chamada de voz recusada', fromMe: false });
      expect(h.last().rejectedCalls).toEqual([{ callId: 'C2', from }]);
      const answer = await until(
        async () => (await ticketMessages(log.ticketId)).filter((r) => r.fromMe),
        (rows) => rows.length > 0,
      );
      expect(answer).toHaveLength(1);
      expect(answer[0]).toMatchObject({
        body: CALL_REFUSED_TEXT,
        ack: 0, // queued: the outbox sends it (this test's channel is not the registry's)
        userId: null,
        whatsappId: h.conn.id,
        data: { bot: true },
      });
      const [ticket] = await scoped((tx) => tx.select().from(tickets).where(eq(tickets.id, log.ticketId)));
      expect(ticket).toMatchObject({ status: 'pending', lastMessage: CALL_REFUSED_TEXT });

      // The same call reported again (a replay) is neither logged nor answered twice.
      ring(h, 'C2', from);
      const marker = text('5511900008888@s.whatsapp.net', 'marker');
      h.last().receive([marker]);
      await untilMessage(h.conn.id, marker.key.id!);
      const rows = await ticketMessages(log.ticketId);
      expect(rows.map((r) => [r.mediaType, r.fromMe])).toEqual([
        ['call_log', false],
        ['chat', true],
        ['chat', false],
      ]);
    });
  });
});

describe('outbound', () => {
  it('refuses to send while not connected, with a retryable error', async () => {
    const h = harness(await newConnection());
    await h.channel.start();
    const err = await h.channel.send({ to: '5511988887777', isGroup: false, body: 'oi' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SendError);
    expect((err as SendError).retry).toBe(true);
  });

  it('sends text, media and quotes; its own echo is not stored again', async () => {
    const h = await connected();
    const { externalId } = await h.channel.send({ to: '5511988887777', isGroup: false, body: 'olá' });
    const s = h.last();
    expect(s.sent[0]).toMatchObject({
      jid: '5511988887777@s.whatsapp.net',
      content: { text: 'olá' },
      options: { messageId: externalId },
    });
    const marker = text('5511988887777@s.whatsapp.net', 'marker');
    s.receive([marker]);
    await untilMessage(h.conn.id, marker.key.id!);
    expect(await messageRow(h.conn.id, externalId)).toBeUndefined();

    await h.channel.send({
      to: '120363041234567890',
      isGroup: true,
      body: 'segue',
      media: { data: Buffer.from('pdf'), mimetype: 'application/pdf', fileName: 'nota.pdf', type: 'document' },
      quoted: { externalId: marker.key.id!, fromMe: false },
    });
    expect(s.sent[1]).toMatchObject({
      jid: '120363041234567890@g.us',
      content: { document: Buffer.from('pdf'), mimetype: 'application/pdf', fileName: 'nota.pdf', caption: 'segue' },
      options: { quoted: { key: { id: marker.key.id } } },
    });
  });

  it('checks numbers and marks messages read', async () => {
    const h = await connected();
    h.last().onWhatsAppNumbers.set('5511988887777', '5511988887777@s.whatsapp.net');
    expect(await h.channel.checkNumber('+55 11 98888-7777')).toEqual({ exists: true, number: '5511988887777' });
    expect(await h.channel.checkNumber('5511000000000')).toEqual({ exists: false, number: '5511000000000' });
    await h.channel.markRead('5511988887777', ['A1', 'A2']);
    expect(h.last().reads[0]).toEqual([
      { remoteJid: '5511988887777@s.whatsapp.net', id: 'A1', fromMe: false },
      { remoteJid: '5511988887777@s.whatsapp.net', id: 'A2', fromMe: false },
    ]);
  });
});

describe('deleting a sent message for everyone', () => {
  it("the outbox sends a deleted message's revoke with its key (chat jid, fromMe, the id the send answered)", async () => {
    const h = await connected();
    const chat = '5511977776666@s.whatsapp.net';
    const hello = text(chat, 'oi');
    h.last().receive([hello]);
    const inbound = await untilMessage(h.conn.id, hello.key.id!);
    const queued = await runTenant(t.running.deps, a.companyId, (_tx, _events, uow) =>
      queueOutbound(uow, {
        companyId: a.companyId,
        ticketId: inbound.ticketId,
        whatsappId: h.conn.id,
        body: 'mensagem errada',
        userId: a.admin.id,
      }),
    );
    await drainOutbox(t.running.deps, h.conn.id, a.companyId, h.channel);
    const s = h.last();
    const externalId = s.sent.at(-1)!.options!.messageId!;
    expect(s.sent.at(-1)).toMatchObject({ jid: chat, content: { text: 'mensagem errada' } });

    // Deleted in Balcão (what DELETE /messages/{id} records): the next drain revokes it.
    await scoped((tx) =>
      tx.update(messages).set({ isDeleted: true, deleteRequestedAt: new Date() }).where(eq(messages.id, queued.id)),
    );
    await drainOutbox(t.running.deps, h.conn.id, a.companyId, h.channel);
    expect(s.sent).toHaveLength(2);
    expect(s.sent[1]).toMatchObject({
      jid: chat,
      content: { delete: { remoteJid: chat, fromMe: true, id: externalId } },
    });
    const row = await messageRow(h.conn.id, externalId);
    expect(row).toMatchObject({ isDeleted: true, deleteRequestedAt: null });
    // Done once: another drain sends nothing more.
    await drainOutbox(t.running.deps, h.conn.id, a.companyId, h.channel);
    expect(s.sent).toHaveLength(2);
  });

  it('in a group the key names the group; while not connected the delete waits (retryable)', async () => {
    const h = await connected();
    await h.channel.deleteForEveryone!({ to: '120363041234567890', isGroup: true, externalId: 'OURS1' });
    expect(h.last().sent.at(-1)).toMatchObject({
      jid: '120363041234567890@g.us',
      content: { delete: { remoteJid: '120363041234567890@g.us', fromMe: true, id: 'OURS1' } },
    });

    const idle = harness(await newConnection());
    await idle.channel.start();
    const err = await idle.channel.deleteForEveryone!({
      to: '5511988887777',
      isGroup: false,
      externalId: 'OURS2',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SendError);
    expect((err as SendError).retry).toBe(true);
  });
});
