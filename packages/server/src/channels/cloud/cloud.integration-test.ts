import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { eventually } from '../../../test/support/eventually.js';
import { connectSocket } from '../../../test/support/socket.js';
import { expectError } from '../../../test/support/expect.js';
import {
  change,
  delivery,
  entry,
  postDelivery,
  profile,
  status,
  text,
  wamid,
  nowSeconds,
} from '../../../test/support/cloud-webhook.js';
import { inTenant } from '../../db/client.js';
import { signBody } from './signature.js';
import { outboundRef } from '../../modules/messages/outbox-rows.js';
import { messages } from '../../db/schema/index.js';
import { sessionsOf } from '../../../test/support/app.js';

let t: TestApp;
let graph: FakeGraph;
let tenant: Tenant;
let other: Tenant;

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
  tenant = await createTenant(t);
  other = await createTenant(t);
});
afterAll(async () => {
  await t?.stop();
  await graph?.close();
});

type Conn = Awaited<ReturnType<typeof insertCloudConnection>>;
const newConn = (overrides: Parameters<typeof insertCloudConnection>[2] = {}, companyId = tenant.companyId) =>
  insertCloudConnection(t, companyId, overrides);
const customer = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
const post = (conn: Conn, payload: unknown, secret: string | null = conn.appSecret) =>
  postDelivery(t.url, conn.id, payload, secret);

/** Rows as stored (read through the owner pool: assertions only). */
const q = async (text: string, params: unknown[]) => (await t.running.deps.pools.owner.query(text, params)).rows;
const messagesOf = (conn: Conn) => q('select * from messages where whatsapp_id = $1 order by id', [conn.id]);
const messageByExternalId = async (conn: Conn, externalId: string) =>
  (await q('select * from messages where whatsapp_id = $1 and external_id = $2', [conn.id, externalId]))[0];
const connectionRow = async (conn: Conn) => (await q('select * from whatsapps where id = $1', [conn.id]))[0];

/** A connection whose channel runs in this process (the registry started it): CONNECTED. */
async function startedConn(overrides: Parameters<typeof insertCloudConnection>[2] = {}) {
  const conn = await newConn({ sessionWanted: true, ...overrides });
  await sessionsOf(t).tick();
  await eventually(async () => (await connectionRow(conn)).status === 'CONNECTED', 10_000, 'CONNECTED');
  return conn;
}

/** A customer's first message (creates contact and ticket); answers the stored row. */
async function inbound(conn: Conn, number = customer(), body = 'Olá') {
  const msg = text(number, body);
  const res = await post(
    conn,
    delivery(entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Cliente')], messages: [msg] }))),
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { number, row: await messageByExternalId(conn, msg.id) };
}

/** A queued outbound message on a ticket, as the messages module stores it before the outbox sends. */
async function queueOutbound(
  conn: Conn,
  ticketId: number,
  contactId: number,
  fields: Partial<typeof messages.$inferInsert> = {},
) {
  const [row] = await inTenant(t.running.deps.pools.db, conn.companyId, (tx) =>
    tx
      .insert(messages)
      .values({
        companyId: conn.companyId,
        ticketId,
        contactId,
        whatsappId: conn.id,
        fromMe: true,
        ack: 0,
        read: true,
        body: 'Resposta',
        ...fields,
      })
      .returning(),
  );
  return row!;
}

describe('webhook verification (GET)', () => {
  it('echoes hub.challenge as text when the verify token is right', async () => {
    const conn = await newConn();
    const res = await fetch(
      `${t.url}/api/webhooks/whatsapp/${conn.id}?hub.mode=subscribe&hub.verify_token=${conn.verifyToken}&hub.challenge=1158201444`,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toBe('1158201444');
  });

  it('refuses a wrong or missing verify token, or another mode, with 401', async () => {
    const conn = await newConn();
    for (const query of [
      `hub.mode=subscribe&hub.verify_token=wrong-${conn.verifyToken}&hub.challenge=1`,
      'hub.mode=subscribe&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${conn.verifyToken}&hub.challenge=1`,
    ]) {
      const res = await t.api.get(`/api/webhooks/whatsapp/${conn.id}?${query}`);
      expectError(res, 401, 'ERR_INVALID_CREDENTIALS');
    }
  });

  it('a connection without a verify token never verifies', async () => {
    const conn = await newConn({ verifyToken: null });
    const res = await t.api.get(
      `/api/webhooks/whatsapp/${conn.id}?hub.mode=subscribe&hub.verify_token=&hub.challenge=1`,
    );
    expectError(res, 401, 'ERR_INVALID_CREDENTIALS');
  });

  it('answers 404 for an unknown id, a non-cloud connection, and nonsense', async () => {
    const beta = await newConn({ provider: 'beta' });
    for (const id of ['999999', String(beta.id), 'abc', '99999999999']) {
      const res = await t.api.get(
        `/api/webhooks/whatsapp/${id}?hub.mode=subscribe&hub.verify_token=${beta.verifyToken}&hub.challenge=1`,
      );
      expectError(res, 404, 'ERR_NOT_FOUND');
    }
  });
});

describe('webhook signature (POST)', () => {
  it('refuses a missing, malformed, wrong or foreign signature with 401 and stores nothing', async () => {
    const conn = await newConn();
    const foreign = await newConn({}, other.companyId);
    const number = customer();
    const payload = delivery(
      entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Eve')], messages: [text(number, 'forged')] })),
    );
    const raw = JSON.stringify(payload);
    const answers = [
      await post(conn, payload, null),
      await postDelivery(t.url, conn.id, raw, null, { signature: 'sha256=' }),
      await postDelivery(t.url, conn.id, raw, null, { signature: `sha1=${'0'.repeat(40)}` }),
      await post(conn, payload, `${conn.appSecret}x`),
      // Signed by another company's connection (its own secret): still not this one's.
      await post(conn, payload, foreign.appSecret),
      // A body changed after signing.
      await postDelivery(t.url, conn.id, raw.replace('forged', 'FORGED'), null, {
        signature: signBody(raw, conn.appSecret!),
      }),
    ];
    for (const res of answers) {
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body).toMatchObject({ error: 'ERR_INVALID_CREDENTIALS', message: expect.any(String) });
    }
    expect(await messagesOf(conn)).toEqual([]);
    expect(await q('select id from contacts where number = $1', [number])).toEqual([]);
  });

  it('a connection without an app secret accepts nothing', async () => {
    const conn = await newConn({ appSecret: null });
    const number = customer();
    const res = await post(conn, delivery(entry(change(conn.phoneNumberId!, { messages: [text(number, 'x')] }))), '');
    expect(res.status).toBe(401);
    expect(await messagesOf(conn)).toEqual([]);
  });

  it('answers 404 for another provider and 400 for a signed body that is not a delivery', async () => {
    const beta = await newConn({ provider: 'beta' });
    expect((await post(beta, delivery(), beta.appSecret)).status).toBe(404);
    const conn = await newConn();
    expectError(await post(conn, { hello: 'world' }), 400, 'ERR_VALIDATION');
    expectError(await postDelivery(t.url, conn.id, '{not json', conn.appSecret), 400, 'ERR_VALIDATION');
  });
});

describe('inbound messages', () => {
  it('stores every message type with its media type, body, media and push name', async () => {
    const conn = await newConn();
    const number = customer();
    const bytes = (label: string) => Buffer.concat([Buffer.from(label), randomBytes(64)]);
    const files = {
      img1: { data: bytes('jpeg'), mime: 'image/jpeg' },
      aud1: { data: bytes('ogg'), mime: 'audio/ogg; codecs=opus' },
      vid1: { data: bytes('mp4'), mime: 'video/mp4' },
      doc1: { data: bytes('pdf'), mime: 'application/pdf' },
      stk1: { data: bytes('webp'), mime: 'image/webp' },
    };
    for (const [id, f] of Object.entries(files)) graph.addMedia(`${conn.id}${id}`, f.data, f.mime);
    const mid = (id: keyof typeof files) => `${conn.id}${id}`;
    const base = () => ({ from: number, id: wamid(), timestamp: nowSeconds() });
    const textMsg = { ...base(), type: 'text', text: { body: 'Bom dia' } };
    const msgs = [
      textMsg,
      {
        ...base(),
        type: 'image',
        image: { id: mid('img1'), mime_type: 'image/jpeg', sha256: 'x', caption: 'Minha foto' },
      },
      { ...base(), type: 'audio', audio: { id: mid('aud1'), mime_type: 'audio/ogg; codecs=opus', voice: true } },
      { ...base(), type: 'video', video: { id: mid('vid1'), mime_type: 'video/mp4' } },
      {
        ...base(),
        type: 'document',
        document: { id: mid('doc1'), mime_type: 'application/pdf', filename: 'boleto.pdf' },
      },
      { ...base(), type: 'sticker', sticker: { id: mid('stk1'), mime_type: 'image/webp', animated: false } },
      {
        ...base(),
        type: 'location',
        location: { latitude: -23.5614, longitude: -46.6559, name: 'Loja Paulista', address: 'Av. Paulista, 1000' },
      },
      {
        ...base(),
        type: 'contacts',
        contacts: [
          {
            name: { formatted_name: 'Maria Silva', first_name: 'Maria', last_name: 'Silva' },
            phones: [{ phone: '+55 11 98888-7777', wa_id: '5511988887777', type: 'CELL' }],
            emails: [{ email: 'maria@example.com', type: 'WORK' }],
          },
        ],
      },
      {
        ...base(),
        type: 'interactive',
        interactive: { type: 'button_reply', button_reply: { id: 'b1', title: 'Sim, confirmo' } },
      },
      {
        ...base(),
        type: 'interactive',
        interactive: { type: 'list_reply', list_reply: { id: 'l2', title: 'Suporte', description: 'x' } },
      },
      {
        ...base(),
        type: 'button',
        button: { text: 'Parar promoções', payload: 'STOP' },
        context: { from: '15550000000', id: textMsg.id },
      },
      {
        ...base(),
        type: 'unsupported',
        errors: [
          {
            code: 131051,
            title: 'Message type unknown',
            error_data: { details: 'Message type is currently not supported.' },
          },
        ],
      },
      { ...base(), type: 'reaction', reaction: { message_id: textMsg.id, emoji: '👍' } },
    ];
    const res = await post(
      conn,
      delivery(entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Ana Cliente')], messages: msgs }))),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const rows = await messagesOf(conn);
    const byId = new Map(rows.map((r) => [r.external_id as string, r]));
    const row = (i: number) => byId.get(msgs[i]!.id)!;
    expect(rows).toHaveLength(msgs.length - 1); // the reaction is an update, not a message
    for (const r of rows) expect([r.from_me, r.ack, r.contact_id]).toEqual([false, 0, rows[0].contact_id]);
    expect(row(0)).toMatchObject({ media_type: 'chat', body: 'Bom dia' });
    expect(row(1)).toMatchObject({ media_type: 'image', body: 'Minha foto' });
    expect(row(2)).toMatchObject({ media_type: 'audio', body: '' });
    expect(row(3)).toMatchObject({ media_type: 'video', body: '' });
    expect(row(4)).toMatchObject({ media_type: 'document', body: 'boleto.pdf', media_name: 'boleto.pdf' });
    expect(row(5)).toMatchObject({ media_type: 'sticker' });
    expect(row(6).media_type).toBe('location');
    expect(row(6).body).toBe(
      'Loja Paulista\nAv. Paulista, 1000\nhttps://maps.google.com/maps?q=-23.5614,-46.6559&z=17',
    );
    expect(row(7).media_type).toBe('vcard');
    expect(row(7).body).toMatch(/^BEGIN:VCARD\nVERSION:3.0\n/);
    expect(row(7).body).toContain('FN:Maria Silva');
    expect(row(7).body).toContain('TEL;TYPE=CELL;waid=5511988887777:+55 11 98888-7777');
    expect(row(7).body).toContain('EMAIL;TYPE=WORK:maria@example.com');
    expect(row(8)).toMatchObject({ media_type: 'chat', body: 'Sim, confirmo' });
    expect(row(9)).toMatchObject({ media_type: 'chat', body: 'Suporte' });
    expect(row(10)).toMatchObject({
      media_type: 'chat',
      body: 'Parar promoções',
      quoted_external_id: textMsg.id,
      quoted_msg_id: row(0).id,
    });
    expect(row(11).media_type).toBe('chat');
    expect(row(11).body).toContain('Message type is currently not supported.');
    expect(row(0).data).toEqual({ reactions: [{ emoji: '👍', from: number }] });

    // Media: saved to storage, the bytes are the ones the Graph API served for that media id.
    const media: [number, keyof typeof files][] = [
      [1, 'img1'],
      [2, 'aud1'],
      [3, 'vid1'],
      [4, 'doc1'],
      [5, 'stk1'],
    ];
    for (const [i, id] of media) {
      expect(row(i).media_url, id).toMatch(new RegExp(`^${conn.companyId}/`));
      expect((await t.running.deps.storage.get(row(i).media_url)).equals(files[id].data), id).toBe(true);
      // Fetched through the Graph API with the connection's token.
      const meta = graph.to(`/${mid(id)}`, 'GET');
      expect(meta.length).toBeGreaterThan(0);
      expect(meta[0]!.headers.authorization).toBe(`Bearer ${conn.accessToken}`);
    }
    for (const i of [0, 6, 7, 8, 9, 10, 11]) expect(row(i).media_url).toBeNull();

    // One contact under the wa_id digits with the push name; one pending ticket holding them all.
    const contacts = await q('select * from contacts where company_id = $1 and number = $2', [conn.companyId, number]);
    expect(contacts).toHaveLength(1);
    expect(contacts[0]).toMatchObject({ name: 'Ana Cliente', is_group: false });
    const tickets = await q('select * from tickets where whatsapp_id = $1', [conn.id]);
    expect(tickets).toHaveLength(1);
    expect(tickets[0]).toMatchObject({
      status: 'pending',
      contact_id: contacts[0].id,
      unread_messages: msgs.length - 1,
    });
    expect(new Set(rows.map((r) => r.ticket_id))).toEqual(new Set([tickets[0].id]));
  });

  it('keeps a message whose media Meta no longer has, saying so', async () => {
    const conn = await newConn();
    const number = customer();
    graph.expireMedia(`${conn.id}gone`);
    const msg = {
      from: number,
      id: wamid(),
      timestamp: nowSeconds(),
      type: 'image',
      image: { id: `${conn.id}gone`, mime_type: 'image/jpeg', caption: 'foto' },
    };
    expect((await post(conn, delivery(entry(change(conn.phoneNumberId!, { messages: [msg] }))))).status).toBe(200);
    const row = await messageByExternalId(conn, msg.id);
    expect(row.media_url).toBeNull();
    expect(row.body).toMatch(/^foto\n\[image not available: /);
  });

  it('stores every message of every change of every entry, each under its customer', async () => {
    const conn = await newConn();
    const numbers = [customer(), customer(), customer(), customer()];
    const sent: { id: string; from: string }[] = [];
    let seq = 0;
    const next = (n: string) => `${n}#${String(++seq).padStart(2, '0')}`;
    const changeFor = (a: string, b: string) => {
      const msgs = [text(a, next(a)), text(b, next(b)), text(a, next(a))];
      sent.push(...msgs);
      return change(conn.phoneNumberId!, { contacts: [profile(a, `N${a}`), profile(b, `N${b}`)], messages: msgs });
    };
    const payload = delivery(
      entry(changeFor(numbers[0]!, numbers[1]!), changeFor(numbers[2]!, numbers[3]!)),
      entry(changeFor(numbers[1]!, numbers[2]!), changeFor(numbers[3]!, numbers[0]!)),
    );
    const res = await post(conn, payload);
    expect(res.status).toBe(200);
    const rows = await messagesOf(conn);
    expect(rows.map((r) => r.external_id).sort()).toEqual(sent.map((m) => m.id).sort());
    const contacts = await q(
      'select c.number, c.name, count(m.id)::int as n from contacts c join messages m on m.contact_id = c.id where m.whatsapp_id = $1 group by c.number, c.name order by c.number',
      [conn.id],
    );
    expect(contacts).toEqual([...numbers].sort().map((n) => ({ number: n, name: `N${n}`, n: 3 })));
    // Each customer's messages are stored in the order of the delivery.
    for (const n of numbers) {
      const bodies = rows.filter((r) => r.body.startsWith(n)).map((r) => r.body);
      expect(bodies).toHaveLength(3);
      expect(bodies).toEqual([...bodies].sort());
    }
  });

  it("a change naming another of the company's cloud numbers is stored on that connection", async () => {
    const secret = randomBytes(16).toString('hex');
    const a = await newConn({ appSecret: secret });
    const b = await newConn({ appSecret: secret });
    const number = customer();
    const forA = text(number, 'para A');
    const forB = text(number, 'para B');
    const res = await post(
      a,
      delivery(entry(change(a.phoneNumberId!, { messages: [forA] }), change(b.phoneNumberId!, { messages: [forB] }))),
    );
    expect(res.status).toBe(200);
    expect((await messagesOf(a)).map((r) => r.external_id)).toEqual([forA.id]);
    expect((await messagesOf(b)).map((r) => r.external_id)).toEqual([forB.id]);
  });

  it('the same delivery three times stores each message once', async () => {
    const conn = await newConn();
    const number = customer();
    const msgs = [text(number, 'um'), text(number, 'dois')];
    const payload = delivery(
      entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'Rep')], messages: msgs })),
    );
    for (let i = 0; i < 3; i++) expect((await post(conn, payload)).status).toBe(200);
    const rows = await messagesOf(conn);
    expect(rows.map((r) => r.body)).toEqual(['um', 'dois']);
    const [ticket] = await q('select unread_messages from tickets where whatsapp_id = $1', [conn.id]);
    expect(ticket.unread_messages).toBe(2);
  });

  it('two deliveries racing with the same message store it once', async () => {
    const conn = await newConn();
    for (let round = 0; round < 5; round++) {
      const number = customer();
      const msg = text(number, `corrida ${round}`);
      // Same message, different deliveries (Meta's retry may differ in other content).
      const first = delivery(entry(change(conn.phoneNumberId!, { contacts: [profile(number, 'A')], messages: [msg] })));
      const second = delivery(entry(change(conn.phoneNumberId!, { messages: [msg, text(number, `extra ${round}`)] })));
      const answers = await Promise.all([post(conn, first), post(conn, second), post(conn, first)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const rows = await q('select * from messages where whatsapp_id = $1 and external_id = $2', [conn.id, msg.id]);
      expect(rows).toHaveLength(1);
    }
    const dup = await q(
      'select external_id from messages where whatsapp_id = $1 group by external_id having count(*) > 1',
      [conn.id],
    );
    expect(dup).toEqual([]);
    expect(await messagesOf(conn)).toHaveLength(10);
    // One live ticket per customer, however the deliveries raced.
    const tickets = await q(
      'select contact_id, count(*)::int as n from tickets where whatsapp_id = $1 group by contact_id',
      [conn.id],
    );
    expect(tickets.map((r) => r.n)).toEqual([1, 1, 1, 1, 1]);
  });

  it('a reaction delivered again is kept once, and an empty emoji removes it', async () => {
    const conn = await newConn();
    const { number, row } = await inbound(conn);
    const react = (emoji: string) =>
      post(
        conn,
        delivery(
          entry(
            change(conn.phoneNumberId!, {
              messages: [
                {
                  from: number,
                  id: wamid(),
                  timestamp: nowSeconds(),
                  type: 'reaction',
                  reaction: { message_id: row.external_id, emoji },
                },
              ],
            }),
          ),
        ),
      );
    await react('❤️');
    await react('❤️');
    expect((await messageByExternalId(conn, row.external_id)).data).toEqual({
      reactions: [{ emoji: '❤️', from: number }],
    });
    await react('😂');
    expect((await messageByExternalId(conn, row.external_id)).data).toEqual({
      reactions: [{ emoji: '😂', from: number }],
    });
    await react('');
    expect((await messageByExternalId(conn, row.external_id)).data).toEqual({ reactions: [] });
  });
});

describe('a delivery stored as one batch', () => {
  it('many messages of several customers, some stored already: each stored once, in order, with right tickets', async () => {
    const conn = await newConn();
    const numbers = [customer(), customer(), customer(), customer(), customer()];
    // Customers 0–2 wrote before: contact, pending ticket and one stored message each.
    const earlier = new Map<string, ReturnType<typeof text>>();
    for (const n of numbers.slice(0, 3)) {
      const msg = text(n, `${n} antes`);
      earlier.set(n, msg);
      const res = await post(conn, delivery(entry(change(conn.phoneNumberId!, { messages: [msg] }))));
      expect(res.status).toBe(200);
    }
    const before = await q('select id, contact_id from tickets where whatsapp_id = $1', [conn.id]);
    expect(before).toHaveLength(3);

    // One delivery, two entries: six new messages per customer interleaved, the earlier ones again,
    // one message twice, a quote of an earlier message and one of a message of this same delivery.
    const fresh = new Map<string, ReturnType<typeof text>[]>(numbers.map((n) => [n, []]));
    const all: Record<string, unknown>[] = [];
    for (let i = 0; i < 6; i++) {
      for (const n of numbers) {
        const msg = text(n, `${n} #${i}`);
        fresh.get(n)!.push(msg);
        all.push(msg);
      }
    }
    const quoteEarlier = { ...text(numbers[0]!, 'sobre aquilo'), context: { id: earlier.get(numbers[0]!)!.id } };
    const quoteHere = { ...text(numbers[4]!, 'e isto'), context: { id: fresh.get(numbers[4]!)![0]!.id } };
    fresh.get(numbers[0]!)!.push(quoteEarlier);
    fresh.get(numbers[4]!)!.push(quoteHere);
    const first = [...all.slice(0, 15), ...earlier.values()];
    const second = [...all.slice(15), all[3]!, quoteEarlier, quoteHere];
    const res = await post(
      conn,
      delivery(
        entry(change(conn.phoneNumberId!, { contacts: numbers.map((n) => profile(n, `Nome ${n}`)), messages: first })),
        entry(change(conn.phoneNumberId!, { messages: second })),
      ),
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);

    const rows = await messagesOf(conn);
    expect(rows).toHaveLength(3 + 30 + 2);
    const dup = await q('select external_id from messages where whatsapp_id = $1 group by 1 having count(*) > 1', [
      conn.id,
    ]);
    expect(dup).toEqual([]);
    const tickets = await q('select * from tickets where whatsapp_id = $1 order by id', [conn.id]);
    expect(tickets).toHaveLength(5);
    // The earlier tickets are kept (live), two new pending ones for the new customers.
    expect(tickets.slice(0, 3).map((t) => t.id)).toEqual(before.map((t) => t.id).sort((a, b) => a - b));
    for (const n of numbers) {
      const [contact] = await q('select * from contacts where company_id = $1 and number = $2', [conn.companyId, n]);
      expect(contact.name).toBe(`Nome ${n}`);
      const ticket = tickets.find((t) => t.contact_id === contact.id)!;
      const mine = rows.filter((r) => r.contact_id === contact.id);
      const expected = [...(earlier.has(n) ? [earlier.get(n)!] : []), ...fresh.get(n)!].map((m) => m.id);
      // Stored once each, in the order of the delivery (ids follow it), on the customer's live ticket.
      expect(mine.map((r) => r.external_id)).toEqual(expected);
      expect(new Set(mine.map((r) => r.ticket_id))).toEqual(new Set([ticket.id]));
      expect(ticket).toMatchObject({
        status: 'pending',
        unread_messages: expected.length,
        last_message: fresh.get(n)!.at(-1)!.text.body,
        last_customer_message_at: expect.any(Date),
      });
    }
    const byExternal = new Map(rows.map((r) => [r.external_id as string, r]));
    expect(byExternal.get(quoteEarlier.id)!.quoted_msg_id).toBe(byExternal.get(earlier.get(numbers[0]!)!.id)!.id);
    expect(byExternal.get(quoteHere.id)!.quoted_msg_id).toBe(byExternal.get(fresh.get(numbers[4]!)![0]!.id)!.id);
  });

  it('concurrent deliveries sharing customers and messages, in different orders: each message once, one ticket each', async () => {
    const conn = await newConn();
    const numbers = Array.from({ length: 6 }, customer);
    const msgs = numbers.flatMap((n) => [text(n, `${n} a`), text(n, `${n} b`), text(n, `${n} c`)]);
    // Twelve deliveries, each a different slice of the same messages, half of them reversed.
    const deliveries = Array.from({ length: 12 }, (_, i) => {
      const slice = msgs.filter((_, j) => (j + i) % 3 !== 0);
      return delivery(entry(change(conn.phoneNumberId!, { messages: i % 2 ? slice.reverse() : slice })));
    });
    const answers = await Promise.all(deliveries.map((d) => post(conn, d)));
    expect(answers.map((a) => a.status)).toEqual(deliveries.map(() => 200));
    const rows = await messagesOf(conn);
    expect(rows.map((r) => r.external_id).sort()).toEqual(msgs.map((m) => m.id).sort());
    const tickets = await q('select contact_id, unread_messages from tickets where whatsapp_id = $1', [conn.id]);
    expect(tickets).toHaveLength(6);
    expect(tickets.map((t) => t.unread_messages)).toEqual([3, 3, 3, 3, 3, 3]);
  });

  it('publishes one appMessage per stored message and one ticket event per ticket, after the commit', async () => {
    const conn = await newConn();
    const socket = await connectSocket(t.url, tenant.admin.token);
    try {
      const created: any[] = [];
      const ticketEvents: any[] = [];
      socket.on(`company-${tenant.companyId}-appMessage`, (e: any) => {
        if (e.action === 'create' && e.message.whatsappId === conn.id) created.push(e);
      });
      socket.on(`company-${tenant.companyId}-ticket`, (e: any) => {
        if (e.action === 'update' && e.ticket.whatsappId === conn.id) ticketEvents.push(e);
      });
      const [n1, n2] = [customer(), customer()];
      const msgs = [text(n1, 'um'), text(n2, 'dois'), text(n1, 'três')];
      const res = await post(
        conn,
        delivery(
          entry(change(conn.phoneNumberId!, { contacts: [profile(n1, 'Um'), profile(n2, 'Dois')], messages: msgs })),
        ),
      );
      expect(res.status).toBe(200);
      await eventually(() => created.length === 3 && ticketEvents.length === 2, 5_000, 'events');
      // Each event carries what was committed: the message with its contact, the ticket as updated.
      const stored = await messagesOf(conn);
      expect(created.map((e) => e.message.id).sort()).toEqual(stored.map((r) => Number(r.id)).sort());
      for (const e of created) {
        expect(e.message.contact.number).toBe(e.contact.number);
        expect(e.ticket.id).toBe(e.message.ticketId);
      }
      const byNumber = new Map(ticketEvents.map((e) => [e.ticket.contact.number, e.ticket]));
      expect(byNumber.get(n1)).toMatchObject({ unreadMessages: 2, lastMessage: 'três' });
      expect(byNumber.get(n2)).toMatchObject({ unreadMessages: 1, lastMessage: 'dois' });
      await new Promise((r) => setTimeout(r, 200));
      expect([created.length, ticketEvents.length]).toEqual([3, 2]);
    } finally {
      socket.disconnect();
    }
  });

  it('what reacts to a stored message (afterReceive) runs for each: a pending rating is answered', async () => {
    const conn = await newConn();
    const { number, row } = await inbound(conn);
    await q("update tickets set status = 'open', rating_pending = true where id = $1", [row.ticket_id]);
    const res = await post(
      conn,
      delivery(
        entry(change(conn.phoneNumberId!, { messages: [text(customer(), 'outro cliente'), text(number, '3')] })),
      ),
    );
    expect(res.status).toBe(200);
    const [ticket] = await q('select status, rating_pending from tickets where id = $1', [row.ticket_id]);
    expect(ticket).toEqual({ status: 'closed', rating_pending: false });
  });
});

describe('connection start', () => {
  it('CONNECTED when GET /{phoneNumberId} answers 200, with the number', async () => {
    const conn = await startedConn();
    const calls = graph.to(`/${conn.phoneNumberId}`, 'GET');
    expect(calls.length).toBeGreaterThan(0);
    expect(calls[0]!.headers.authorization).toBe(`Bearer ${conn.accessToken}`);
    expect(await connectionRow(conn)).toMatchObject({ status: 'CONNECTED', number: '551140000000' });
  });

  it('DISCONNECTED when the Graph API refuses the token (401)', async () => {
    const phoneNumberId = String(700_000_000_000 + Math.floor(Math.random() * 1e9));
    graph.refusePhone(phoneNumberId);
    const conn = await newConn({ phoneNumberId, sessionWanted: true, status: 'OPENING' });
    await sessionsOf(t).tick();
    await eventually(() => graph.to(`/${phoneNumberId}`, 'GET').length > 0, 10_000, 'phone check');
    await eventually(async () => (await connectionRow(conn)).status === 'DISCONNECTED', 10_000, 'DISCONNECTED');
  });
});

describe('outbound messages', () => {
  it('sends a queued text as Meta documents it; the row gets ack 1 and the wamid', async () => {
    const conn = await startedConn();
    const { number, row: first } = await inbound(conn);
    const out = await queueOutbound(conn, first.ticket_id, first.contact_id, { body: 'Olá! Como posso ajudar?' });
    await t.running.deps.sessions.kickOutbox(conn.id);
    const sent = await graph.until(() => graph.sent.find((s) => s.body.text?.body === 'Olá! Como posso ajudar?'));
    expect(sent.phoneNumberId).toBe(conn.phoneNumberId);
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: number,
      type: 'text',
      text: { preview_url: false, body: 'Olá! Como posso ajudar?' },
      // Names our message: Meta echoes it in the send's statuses.
      biz_opaque_callback_data: outboundRef(out),
    });
    const request = graph.requests.find((r) => r.body === sent.body)!;
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/${conn.phoneNumberId}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${conn.accessToken}`);
    expect(request.headers['content-type']).toMatch(/^application\/json/);
    await eventually(
      async () => {
        const [row] = await q('select * from messages where id = $1', [out.id]);
        return row.ack === 1 && row.external_id === sent.wamid;
      },
      10_000,
      'ack 1 with the wamid',
    );
  });

  it('a reply carries context.message_id of the quoted message', async () => {
    const conn = await startedConn();
    const { row: quoted } = await inbound(conn, customer(), 'Qual o horário?');
    await queueOutbound(conn, quoted.ticket_id, quoted.contact_id, { body: 'Das 8h às 18h', quotedMsgId: quoted.id });
    await t.running.deps.sessions.kickOutbox(conn.id);
    const sent = await graph.until(() => graph.sent.find((s) => s.body.text?.body === 'Das 8h às 18h'));
    expect(sent.body.context).toEqual({ message_id: quoted.external_id });
  });

  it('sends media by upload then id, with caption and file name', async () => {
    const conn = await startedConn();
    const { number, row } = await inbound(conn);
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4 '), randomBytes(200)]);
    const key = await t.running.deps.storage.put(conn.companyId, pdf, 'pdf');
    const out = await queueOutbound(conn, row.ticket_id, row.contact_id, {
      body: 'Segue o boleto',
      mediaType: 'document',
      mediaUrl: key,
      mediaName: 'boleto.pdf',
      data: { mimetype: 'application/pdf' },
    });
    await t.running.deps.sessions.kickOutbox(conn.id);
    const sent = await graph.until(() =>
      graph.sent.find((s) => s.phoneNumberId === conn.phoneNumberId && s.body.type === 'document'),
    );
    const upload = graph.to(`/${conn.phoneNumberId}/media`, 'POST');
    expect(upload).toHaveLength(1);
    expect(upload[0]!.form!.fields).toMatchObject({ messaging_product: 'whatsapp', type: 'application/pdf' });
    expect(upload[0]!.form!.file!.name).toBe('boleto.pdf');
    expect(upload[0]!.form!.file!.data.equals(pdf)).toBe(true);
    const [mediaId] = [...graph.uploads].find(([, u]) => u.data.equals(pdf))!;
    expect(sent.body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: number,
      type: 'document',
      document: { id: mediaId, caption: 'Segue o boleto', filename: 'boleto.pdf' },
      biz_opaque_callback_data: outboundRef(out),
    });
  });

  it('retries error 130429 with backoff: sent once, in order', async () => {
    const conn = await startedConn();
    const { row } = await inbound(conn);
    // Queue both before the outbox runs, then throttle the first two attempts.
    const a = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'primeira' });
    const b = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'segunda' });
    graph.throttle(2);
    await t.running.deps.sessions.kickOutbox(conn.id);
    await eventually(
      async () => {
        const rows = await q('select ack from messages where id = any($1)', [[a.id, b.id]]);
        return rows.every((r) => r.ack === 1);
      },
      15_000,
      'both sent',
    );
    const mine = graph.to(`/${conn.phoneNumberId}/messages`, 'POST').map((r) => r.body.text.body);
    expect(mine).toEqual(['primeira', 'primeira', 'primeira', 'segunda']);
    expect(graph.sent.filter((s) => s.phoneNumberId === conn.phoneNumberId).map((s) => s.body.text.body)).toEqual([
      'primeira',
      'segunda',
    ]);
    const rows = await q('select error from messages where id = any($1)', [[a.id, b.id]]);
    expect(rows.map((r) => r.error)).toEqual([null, null]);
  });

  it('a refused send (4xx) is not retried and carries the error', async () => {
    const conn = await startedConn();
    const { row } = await inbound(conn);
    graph.fail(1, 400, 131026, 'Message undeliverable');
    const out = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'não entregável' });
    await t.running.deps.sessions.kickOutbox(conn.id);
    const failed = await eventually(
      async () => (await q('select * from messages where id = $1 and error is not null', [out.id]))[0],
    );
    expect(failed.ack).toBe(0);
    expect(failed.error).toContain('131026');
    expect(
      graph.to(`/${conn.phoneNumberId}/messages`, 'POST').filter((r) => r.body.text?.body === 'não entregável'),
    ).toHaveLength(1);
  });
});

describe('channel calls', () => {
  it("markRead posts Meta's read status for the newest message; checkNumber answers the digits", async () => {
    const conn = await startedConn();
    const { number, row } = await inbound(conn);
    const channel = sessionsOf(t).local(conn.id)!;
    await channel.markRead(number, ['wamid.older', row.external_id]);
    const reads = graph.to(`/${conn.phoneNumberId}/messages`, 'POST').filter((r) => r.body.status === 'read');
    expect(reads.map((r) => r.body)).toEqual([
      { messaging_product: 'whatsapp', status: 'read', message_id: row.external_id },
    ]);
    expect(reads[0]!.headers.authorization).toBe(`Bearer ${conn.accessToken}`);
    expect(await channel.checkNumber('+55 (11) 98888-7777')).toEqual({ exists: true, number: '5511988887777' });
  });

  it('after logout sends wait (retry later) and leave once connected again', async () => {
    const conn = await startedConn();
    const { number, row } = await inbound(conn);
    const channel = sessionsOf(t).local(conn.id)!;
    await channel.logout();
    expect((await connectionRow(conn)).status).toBe('DISCONNECTED');
    const before = graph.requests.length;
    await expect(channel.send({ to: number, isGroup: false, body: 'agora não' })).rejects.toMatchObject({
      retry: true,
    });
    expect(graph.requests.length).toBe(before);

    const out = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'depois da reconexão' });
    await channel.start();
    expect((await connectionRow(conn)).status).toBe('CONNECTED');
    await t.running.deps.sessions.kickOutbox(conn.id);
    const sent = await graph.until(() => graph.sent.find((s) => s.body.text?.body === 'depois da reconexão'));
    await eventually(
      async () => (await q('select external_id from messages where id = $1', [out.id]))[0].external_id === sent.wamid,
    );
  });
});

describe('statuses', () => {
  it('move acks forward only (sent 1 → delivered 3 → read 4); failed sets the error', async () => {
    const conn = await startedConn();
    const { number, row } = await inbound(conn);
    const out = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'status 1' });
    const other = await queueOutbound(conn, row.ticket_id, row.contact_id, { body: 'status 2' });
    await t.running.deps.sessions.kickOutbox(conn.id);
    const ackOf = async (id: number) =>
      (await q('select ack, error, external_id from messages where id = $1', [id]))[0];
    const sentRow = await eventually(async () => {
      const r = await ackOf(out.id);
      return r.external_id && r;
    });
    const otherRow = await eventually(async () => {
      const r = await ackOf(other.id);
      return r.external_id && r;
    });
    const statuses = (...list: ReturnType<typeof status>[]) =>
      post(conn, delivery(entry(change(conn.phoneNumberId!, { statuses: list }))));

    expect((await statuses(status(sentRow.external_id, 'sent', number))).status).toBe(200);
    expect((await ackOf(out.id)).ack).toBe(1);
    expect((await statuses(status(sentRow.external_id, 'delivered', number))).status).toBe(200);
    expect((await ackOf(out.id)).ack).toBe(3);
    expect((await statuses(status(sentRow.external_id, 'read', number))).status).toBe(200);
    expect((await ackOf(out.id)).ack).toBe(4);
    // Late or repeated statuses never move it back.
    expect(
      (await statuses(status(sentRow.external_id, 'delivered', number), status(sentRow.external_id, 'sent', number)))
        .status,
    ).toBe(200);
    expect((await ackOf(out.id)).ack).toBe(4);

    const failed = status(otherRow.external_id, 'failed', number, {
      errors: [
        { code: 131047, title: 'Re-engagement message', error_data: { details: 'More than 24 hours have passed' } },
      ],
    });
    expect((await statuses(failed)).status).toBe(200);
    const after = await ackOf(other.id);
    expect(after.ack).toBe(1);
    expect(after.error).toContain('131047');
    expect(after.error).toContain('More than 24 hours have passed');
  });

  it('several statuses of one delivery all apply', async () => {
    const conn = await startedConn();
    const { number, row } = await inbound(conn);
    const outs: { id: number }[] = [];
    for (let i = 0; i < 3; i++)
      outs.push(await queueOutbound(conn, row.ticket_id, row.contact_id, { body: `multi ${i}` }));
    await t.running.deps.sessions.kickOutbox(conn.id);
    const ids = await eventually(async () => {
      const rows = await q('select external_id from messages where id = any($1) order by id', [outs.map((o) => o.id)]);
      return rows.every((r) => r.external_id) && rows.map((r) => r.external_id as string);
    });
    const res = await post(
      conn,
      delivery(
        entry(
          change(conn.phoneNumberId!, {
            statuses: [status(ids[0]!, 'delivered', number), status(ids[1]!, 'read', number)],
          }),
        ),
        entry(
          change(conn.phoneNumberId!, {
            statuses: [status(ids[2]!, 'delivered', number), status(ids[2]!, 'read', number)],
          }),
        ),
      ),
    );
    expect(res.status).toBe(200);
    const acks = await q('select ack from messages where id = any($1) order by id', [outs.map((o) => o.id)]);
    expect(acks.map((r) => r.ack)).toEqual([3, 4, 4]);
  });
});
