/**
 * The spec's operations call table (operations §7) replayed as the Atendechat web client sends
 * each call — its params and bodies as its pages and dialogs build them (empty strings, `null`s,
 * `false`s, JSON-stringified arrays, the whole record a dialog loaded sent back on save) — with
 * the fields it reads from each answer asserted, and the live events of §7 heard the way it
 * listens for them (`joinChatBox` with the ticket id, `joinNotification`, `joinTickets`,
 * `userStatus`; the event names its listeners use).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { startTestApp, type TestApp } from '../support/app.js';
import { createPlan, createStaff, createTenant, login, type Tenant } from '../support/factories.js';
import { connectSocket } from '../support/socket.js';
import { eventually } from '../support/eventually.js';
import { pairedSandbox, sandboxCustomer } from '../support/sandbox-phone.js';
import { phone } from '../support/inbox.js';
import { AtendechatClient, expectEveryCallReplayed, ok } from './atendechat-client.js';
import type { SpecCall } from './spec-calls.js';

const PNG_1PX = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** A file input's file, as the browser's FormData carries it. */
const pngFile = (name: string) => new File([new Uint8Array(PNG_1PX)], name, { type: 'image/png' });

/** `moment(x).format('YYYY-MM-DDTHH:mm')`: the local time a date-time input shows. */
const localMinute = (d: Date) => {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}`;
};
/**
 * The day a date picker in the company's zone shows (yyyy-MM-dd): the server reads day filters in
 * that zone, so between 21:00 and midnight in São Paulo the machine's UTC day is already the next.
 */
const day = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Sao_Paulo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(d);

interface Heard {
  name: string;
  payload: any;
}

/** A tab of the client: its socket, what it heard, and a wait for one event. */
async function clientTab(t: TestApp, token: string) {
  const socket = await connectSocket(t.url, token);
  const heard: Heard[] = [];
  socket.onAny((name: string, payload: unknown) => heard.push({ name, payload }));
  return {
    socket,
    heard,
    /** The first event named `name` (from `since` on) whose payload passes `pass`. */
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
let staffClient: AtendechatClient;
let staff: Awaited<ReturnType<typeof createStaff>>;
let queue: { id: number; name: string; color: string };
let conn: { id: number; companyId: number };
let adminTab: Tab;
let staffTab: Tab;
const sockets: Socket[] = [];
/** The ticket the customer's first message opened (pending, no queue). */
let ticket: any;
let customer: ReturnType<typeof sandboxCustomer>;

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
  staffClient = admin.as(staff.token);
  conn = await pairedSandbox(t, tenant);
  customer = sandboxCustomer(t, tenant.admin.api, conn, 'Maria Cliente');
  // The client's layout: one socket per tab, `joinNotification` from the pop-over, `joinTickets`
  // from each list tab, `userStatus` at once and every 5 minutes.
  adminTab = await clientTab(t, tenant.admin.token);
  staffTab = await clientTab(t, staff.token);
  sockets.push(adminTab.socket, staffTab.socket);
  for (const tab of [adminTab, staffTab]) {
    tab.socket.emit('joinNotification');
    tab.socket.emit('joinTickets', 'open');
    tab.socket.emit('joinTickets', 'pending');
    tab.socket.emit('userStatus');
  }
}, 90_000);

afterAll(async () => {
  for (const s of sockets) s.close();
  await t?.stop();
});

describe('tickets and their messages', () => {
  it("a customer's message reaches the lists and the pop-over as the client reads it", async () => {
    const since = adminTab.mark();
    const sent = await customer.says('Olá, preciso de ajuda com meu pedido');
    const created = await adminTab.next(
      `company-${companyId}-appMessage`,
      (p) => p.action === 'create' && p.message?.id === sent.id,
      'appMessage create',
      since,
    );
    // MessagesList (message) and NotificationsPopOver (`!message.read`, the ticket's user and
    // contact, the contact's name and picture).
    expect(created.message).toMatchObject({
      id: sent.id,
      ticketId: sent.ticketId,
      body: 'Olá, preciso de ajuda com meu pedido',
      fromMe: false,
      read: false,
      mediaType: expect.any(String),
      createdAt: expect.any(String),
    });
    expect(created.ticket).toMatchObject({ id: sent.ticketId, userId: null, status: 'pending' });
    expect(created.contact).toMatchObject({ name: 'Maria Cliente', profilePicUrl: expect.any(String) });
    // The list puts this ticket in place of its own and shows its contact, queue, connection,
    // user, tags, unread count and last message.
    expect(created.ticket).toMatchObject({
      contact: { name: 'Maria Cliente', number: customer.number, profilePicUrl: expect.any(String) },
      queue: null,
      user: null,
      whatsapp: { id: conn.id, name: expect.any(String) },
      tags: [],
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda com meu pedido',
      isGroup: false,
    });
    ticket = { id: sent.ticketId };
  });

  it('GET /tickets: the pending tab, the notifications pop-over and the search tab', async () => {
    // TicketsListCustom's pending tab (useTickets): tags/users/queueIds JSON-stringified, no showAll.
    const pending = ok(
      await admin.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, tags: '[]', users: '[]', status: 'pending', queueIds: JSON.stringify([queue.id]) },
      }),
      'pending tab',
    );
    expect(pending.hasMore).toBe(false);
    const listed = pending.tickets.find((x: any) => x.id === ticket.id);
    expect(listed, 'the queueless pending ticket in the admin’s pending tab').toBeDefined();
    expect(listed).toMatchObject({
      uuid: expect.any(String),
      status: 'pending',
      contact: { name: 'Maria Cliente', number: customer.number, profilePicUrl: expect.any(String) },
      queue: null,
      user: null,
      tags: [],
      unreadMessages: 1,
      lastMessage: 'Olá, preciso de ajuda com meu pedido',
      updatedAt: expect.any(String),
      whatsappId: conn.id,
    });
    ticket = listed;
    // The pop-over: useTickets({ withUnreadMessages: "true" }).
    const unread = ok(
      await admin.call('GET /tickets', '/tickets', { params: { withUnreadMessages: 'true' } }),
      'pop-over',
    );
    expect(unread.tickets.map((x: any) => x.id)).toContain(ticket.id);
    // The search tab: searchParam lower-cased, showAll true, tags and users chosen.
    const search = ok(
      await admin.call('GET /tickets', '/tickets', {
        params: { searchParam: 'maria', pageNumber: 1, tags: '[]', users: '[]', showAll: true, queueIds: '[]' },
      }),
      'search tab',
    );
    expect(search.tickets.map((x: any) => x.id)).toContain(ticket.id);
    expect(typeof search.hasMore).toBe('boolean');
    // The day filters (created, last updated), as yyyy-MM-dd.
    const today = ok(
      await admin.call('GET /tickets', '/tickets', {
        params: { pageNumber: 1, date: day(new Date()), updatedAt: day(new Date()), showAll: true, queueIds: '[]' },
      }),
      'day filters',
    );
    expect(today.tickets.map((x: any) => x.id)).toContain(ticket.id);
  });

  it('GET /settings/, /queue, /whatsapp, /users/list: what the ticket screens read', async () => {
    const settings = ok(await admin.call('GET /settings/', '/settings/'), 'settings');
    expect(settings).toEqual(expect.arrayContaining([{ key: 'sendGreetingAccepted', value: expect.any(String) }]));
    const queues = ok(await admin.call('GET /queue', '/queue'), 'queues');
    expect(queues).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: queue.id, name: 'Vendas', color: '#0a7cff' })]),
    );
    const whatsapps = ok(
      await admin.call('GET /whatsapp', '/whatsapp', { params: { companyId, session: 0 } }),
      'whatsapps',
    );
    expect(whatsapps).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: conn.id, name: expect.any(String), status: 'CONNECTED' })]),
    );
    const users = ok(await admin.call('GET /users/list', '/users/list', { params: { companyId } }), 'users list');
    expect(users).toEqual(expect.arrayContaining([expect.objectContaining({ id: staff.id, name: 'Ana Atendente' })]));
  });

  it('PUT /tickets/{id} accept: the ticket leaves the pending list and joins the open one, whole', async () => {
    const since = adminTab.mark();
    const res = ok(
      await admin.call('PUT /tickets/{id}', `/tickets/${ticket.id}`, {
        body: { status: 'open', userId: tenant.admin.id },
      }),
      'accept',
    );
    expect(res).toMatchObject({ id: ticket.id, status: 'open', userId: tenant.admin.id });
    const update = await adminTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'update' && p.ticket?.id === ticket.id && p.ticket.status === 'open',
      'ticket update (open)',
      since,
    );
    expect(update.ticket).toMatchObject({
      userId: tenant.admin.id,
      contact: { name: 'Maria Cliente' },
      user: { id: tenant.admin.id, name: expect.any(String) },
      whatsapp: { id: conn.id, name: expect.any(String), status: 'CONNECTED' },
      tags: [],
    });
    await adminTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'delete' && p.ticketId === ticket.id,
      'ticket delete (left the pending list)',
      since,
    );
    // The open tab ("assigned"): showAll off, the user's queues as JSON.
    const open = ok(
      await admin.call('GET /tickets', '/tickets', {
        params: {
          pageNumber: 1,
          tags: '[]',
          users: '[]',
          status: 'open',
          showAll: false,
          queueIds: JSON.stringify([queue.id]),
        },
      }),
      'open tab',
    );
    expect(open.tickets.find((x: any) => x.id === ticket.id)).toMatchObject({
      status: 'open',
      userId: tenant.admin.id,
    });
  });

  it('GET /tickets/u/{uuid} and GET /tickets/{id}: the opened ticket', async () => {
    for (const [row, path] of [
      ['GET /tickets/u/{uuid}', `/tickets/u/${ticket.uuid}`],
      ['GET /tickets/{id}', `/tickets/${ticket.id}`],
    ] as const) {
      const one = ok(await admin.call(row, path), row);
      expect(one).toMatchObject({
        id: ticket.id,
        uuid: ticket.uuid,
        status: 'open',
        contactId: ticket.contactId,
        contact: { name: 'Maria Cliente', number: customer.number, profilePicUrl: expect.any(String) },
        user: { id: tenant.admin.id },
        whatsapp: { id: conn.id },
        whatsappId: conn.id,
        tags: [],
        isGroup: false,
        useIntegration: false,
        promptId: null,
        integrationId: null,
      });
    }
  });

  let messages: any[] = [];

  it('GET /messages/{ticketId}: the thread, and the unread count cleared', async () => {
    adminTab.socket.emit('joinChatBox', `${ticket.id}`);
    const since = adminTab.mark();
    const page = ok(
      await admin.call('GET /messages/{ticketId}', `/messages/${ticket.id}`, { params: { pageNumber: 1 } }),
      'thread',
    );
    expect(page.hasMore).toBe(false);
    messages = page.messages;
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      id: expect.any(Number),
      ticketId: ticket.id,
      body: 'Olá, preciso de ajuda com meu pedido',
      fromMe: false,
      ack: expect.any(Number),
      mediaType: expect.any(String),
      isDeleted: false,
      isEdited: false,
      quotedMsg: null,
      createdAt: expect.any(String),
      contact: { name: 'Maria Cliente' },
    });
    await adminTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'updateUnread' && p.ticketId === ticket.id,
      'ticket updateUnread',
      since,
    );
  });

  let reply: any;

  it('POST /messages/{ticketId}: the composer’s text (read, fromMe, mediaUrl "", the quoted message as shown)', async () => {
    const since = adminTab.mark();
    const res = await admin.call('POST /messages/{ticketId}', `/messages/${ticket.id}`, {
      body: { read: 1, fromMe: true, mediaUrl: '', body: '*Admin:*\nClaro, já vou verificar', quotedMsg: messages[0] },
    });
    ok(res, 'send text');
    const created = await adminTab.next(
      `company-${companyId}-appMessage`,
      (p) => p.action === 'create' && p.message?.ticketId === ticket.id && p.message.fromMe,
      'appMessage create (ours)',
      since,
    );
    reply = created.message;
    expect(reply).toMatchObject({ body: '*Admin:*\nClaro, já vou verificar', fromMe: true, ticketId: ticket.id });
    expect(created.ticket).toMatchObject({
      id: ticket.id,
      contact: { name: 'Maria Cliente' },
      lastMessage: expect.any(String),
    });
    // The thread shows it quoting the customer's message.
    const thread = ok(
      await admin.call('GET /messages/{ticketId}', `/messages/${ticket.id}`, { params: { pageNumber: 1 } }),
      'thread',
    );
    expect(thread.messages.find((m: any) => m.id === reply.id)?.quotedMsg).toMatchObject({
      id: messages[0].id,
      body: 'Olá, preciso de ajuda com meu pedido',
      fromMe: false,
    });
    // Sent through the connection: the ack comes back as an update the thread lays over its message.
    const acked = await adminTab.next(
      `company-${companyId}-appMessage`,
      (p) => p.action === 'update' && p.message?.id === reply.id && p.message.ack >= 1,
      'appMessage update (ack)',
      since,
    );
    expect(acked.message).toMatchObject({
      ticketId: ticket.id,
      body: reply.body,
      fromMe: true,
      mediaType: reply.mediaType,
    });
  });

  it('POST /messages/{ticketId}: the composer’s files (medias, body = each file’s name, fromMe)', async () => {
    const form = new FormData();
    form.append('fromMe', 'true');
    form.append('medias', pngFile('foto do produto.png'));
    form.append('body', 'foto do produto.png');
    ok(await admin.call('POST /messages/{ticketId}', `/messages/${ticket.id}`, { form }), 'send file');
    const thread = ok(
      await admin.call('GET /messages/{ticketId}', `/messages/${ticket.id}`, { params: { pageNumber: 1 } }),
      'thread',
    );
    const image = thread.messages.find((m: any) => m.mediaType === 'image');
    expect(image).toMatchObject({ fromMe: true, mediaUrl: expect.any(String) });
  });

  it('POST /messages/{ticketId}: a recorded voice note (its recorder’s blob is `audio/mp3`)', async () => {
    const filename = `audio-record-site-${Date.now()}.mp3`;
    // An MP3 (ID3 tag, then frames) past the 10,000 bytes under which the client drops a recording.
    const mp3 = Buffer.concat([Buffer.from('ID3\x03\x00\x00\x00\x00\x00\x00', 'latin1'), Buffer.alloc(12_000, 0xff)]);
    const form = new FormData();
    form.append('medias', new Blob([new Uint8Array(mp3)], { type: 'audio/mp3' }), filename);
    form.append('body', filename);
    form.append('fromMe', 'true');
    ok(await admin.call('POST /messages/{ticketId}', `/messages/${ticket.id}`, { form }), 'send voice note');
    const thread = ok(
      await admin.call('GET /messages/{ticketId}', `/messages/${ticket.id}`, { params: { pageNumber: 1 } }),
      'thread',
    );
    expect(thread.messages.find((m: any) => m.mediaType === 'audio')).toMatchObject({
      fromMe: true,
      mediaUrl: expect.any(String),
    });
  });

  it('DELETE /messages/{id}: the sender deletes their message; the thread hears it deleted', async () => {
    const since = adminTab.mark();
    ok(await admin.call('DELETE /messages/{id}', `/messages/${reply.id}`), 'delete message');
    const update = await adminTab.next(
      `company-${companyId}-appMessage`,
      (p) => p.action === 'update' && p.message?.id === reply.id && p.message.isDeleted === true,
      'appMessage update (deleted)',
      since,
    );
    expect(update.message.ticketId).toBe(ticket.id);
  });
});

describe('tags on a ticket, and the kanban board', () => {
  let laneTag: any;
  let otherTag: any;

  it('TagsContainer: GET /tags/list, POST /tags (a typed name), POST /tags/sync with the tags as listed', async () => {
    const created = ok(
      await admin.call('POST /tags', '/tags', { body: { name: 'Urgente' } }),
      'create from the container',
    );
    expect(created).toMatchObject({ id: expect.any(Number), name: 'Urgente' });
    otherTag = created;
    const all = ok(await admin.call('GET /tags/list', '/tags/list'), 'tags list');
    const listed = all.find((x: any) => x.id === created.id);
    expect(listed).toMatchObject({ name: 'Urgente', color: expect.any(String) });
    const since = adminTab.mark();
    ok(await admin.call('POST /tags/sync', '/tags/sync', { body: { ticketId: ticket.id, tags: [listed] } }), 'sync');
    const update = await adminTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'update' && p.ticket?.id === ticket.id && p.ticket.tags?.length === 1,
      'ticket update (tags synced)',
      since,
    );
    expect(update.ticket.tags[0]).toMatchObject({ id: created.id, name: 'Urgente', color: expect.any(String) });
  });

  it('Tags page: GET /tags/, the dialog’s POST /tags (colour left empty), GET and PUT /tags/{id} (kanban on)', async () => {
    // TagModal: {name, color: "", kanban: 0} plus the user's id.
    const created = ok(
      await admin.call('POST /tags', '/tags', {
        body: { name: 'Negociação', color: '', kanban: 0, userId: tenant.admin.id },
      }),
      'tag dialog create',
    );
    expect(created).toMatchObject({ name: 'Negociação', color: expect.stringMatching(/^#/), kanban: 0 });
    const loaded = ok(await admin.call('GET /tags/{id}', `/tags/${created.id}`), 'tag');
    expect(loaded).toMatchObject({ id: created.id, name: 'Negociação', color: created.color, kanban: 0 });
    // The dialog sends back what it loaded, with its edits.
    laneTag = ok(
      await admin.call('PUT /tags/{id}', `/tags/${created.id}`, {
        body: { ...loaded, name: 'Em negociação', kanban: 1, userId: tenant.admin.id },
      }),
      'tag dialog save',
    );
    expect(laneTag).toMatchObject({ id: created.id, name: 'Em negociação', kanban: 1 });
    const page = ok(
      await admin.call('GET /tags/', '/tags/', { params: { searchParam: '', pageNumber: 1 } }),
      'tags page',
    );
    expect(page.hasMore).toBe(false);
    expect(page.tags).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: otherTag.id, name: 'Urgente', color: expect.any(String), ticketsCount: 1 }),
        expect.objectContaining({ id: laneTag.id, name: 'Em negociação', kanban: 1, ticketsCount: 0 }),
      ]),
    );
  });

  it('Kanban: GET /tags/kanban (lista), GET /ticket/kanban (queueIds as JSON, showAll), moving a card', async () => {
    const lanes = ok(await admin.call('GET /tags/kanban', '/tags/kanban'), 'lanes');
    expect(lanes.lista).toEqual([
      expect.objectContaining({ id: laneTag.id, name: 'Em negociação', color: laneTag.color }),
    ]);
    const board = ok(
      await admin.call('GET /ticket/kanban', '/ticket/kanban', {
        params: { queueIds: JSON.stringify([queue.id]), showAll: true },
      }),
      'board',
    );
    const card = board.tickets.find((x: any) => x.id === ticket.id);
    expect(card).toMatchObject({
      uuid: ticket.uuid,
      contact: { name: 'Maria Cliente', number: customer.number },
      lastMessage: expect.any(String),
      tags: [expect.objectContaining({ id: otherTag.id })],
    });
    // Dragging a card: the lane tags it had go (DELETE, other tags stay), then the new lane's tag
    // is added (PUT). From the open lane (no lane tag) to "Em negociação", then to "Fechamento".
    const lane2 = (await tenant.admin.api.post('/api/tags', { name: 'Fechamento', kanban: 1 })).body;
    const tagsHeard = async (since: number, pass: (ids: number[]) => boolean, what: string) =>
      (
        await adminTab.next(
          `company-${companyId}-ticket`,
          (p) =>
            p.action === 'update' && p.ticket?.id === ticket.id && pass((p.ticket.tags ?? []).map((x: any) => x.id)),
          what,
          since,
        )
      ).ticket.tags;
    ok(await admin.call('DELETE /ticket-tags/{ticketId}', `/ticket-tags/${ticket.id}`), 'no lane tag to remove');
    let since = adminTab.mark();
    ok(
      await admin.call('PUT /ticket-tags/{ticketId}/{tagId}', `/ticket-tags/${ticket.id}/${laneTag.id}`),
      'to the lane',
    );
    expect(await tagsHeard(since, (ids) => ids.includes(laneTag.id), 'ticket update (lane tag added)')).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: laneTag.id, name: 'Em negociação', color: laneTag.color, kanban: 1 }),
        expect.objectContaining({ id: otherTag.id }),
      ]),
    );
    since = adminTab.mark();
    ok(await admin.call('DELETE /ticket-tags/{ticketId}', `/ticket-tags/${ticket.id}`), 'leave the lane');
    await tagsHeard(
      since,
      (ids) => !ids.includes(laneTag.id) && ids.includes(otherTag.id),
      'ticket update (lane tag removed)',
    );
    since = adminTab.mark();
    ok(
      await admin.call('PUT /ticket-tags/{ticketId}/{tagId}', `/ticket-tags/${ticket.id}/${lane2.id}`),
      'to the next lane',
    );
    await tagsHeard(since, (ids) => ids.includes(lane2.id), 'ticket update (next lane)');
    const after = ok(
      await admin.call('GET /ticket/kanban', '/ticket/kanban', {
        params: { queueIds: JSON.stringify([queue.id]), showAll: true },
      }),
      'board',
    );
    expect(
      after.tickets
        .find((x: any) => x.id === ticket.id)
        .tags.map((x: any) => x.id)
        .sort(),
    ).toEqual([otherTag.id, lane2.id].sort());
  });

  it('DELETE /tags/{id}', async () => {
    ok(await admin.call('DELETE /tags/{id}', `/tags/${otherTag.id}`), 'delete tag');
    const all = ok(await admin.call('GET /tags/list', '/tags/list'), 'tags list');
    expect(all.map((x: any) => x.id)).not.toContain(otherTag.id);
  });
});

describe('ticket notes (the contact drawer)', () => {
  it('POST /ticket-notes, GET /ticket-notes/list, DELETE /ticket-notes/{id}', async () => {
    const saved = ok(
      await admin.call('POST /ticket-notes', '/ticket-notes', {
        body: { note: 'Cliente prefere contato à tarde', ticketId: ticket.id, contactId: ticket.contactId },
      }),
      'save note',
    );
    expect(saved).toMatchObject({ id: expect.any(Number), note: 'Cliente prefere contato à tarde' });
    const list = ok(
      await admin.call('GET /ticket-notes/list', '/ticket-notes/list', {
        params: { ticketId: ticket.id, contactId: ticket.contactId },
      }),
      'notes',
    );
    expect(list).toEqual([
      expect.objectContaining({
        id: saved.id,
        note: 'Cliente prefere contato à tarde',
        user: expect.objectContaining({ name: expect.any(String) }),
        createdAt: expect.any(String),
      }),
    ]);
    ok(await admin.call('DELETE /ticket-notes/{id}', `/ticket-notes/${saved.id}`), 'delete note');
    const after = ok(
      await admin.call('GET /ticket-notes/list', '/ticket-notes/list', {
        params: { ticketId: ticket.id, contactId: ticket.contactId },
      }),
      'notes',
    );
    expect(after).toEqual([]);
  });
});

describe('the ticket header: transfer, resolve, reopen, return', () => {
  it('transfer to a user and queue (TransferTicketModalCustom)', async () => {
    const since = staffTab.mark();
    const res = ok(
      await admin.call('PUT /tickets/{id}', `/tickets/${ticket.id}`, {
        body: { userId: staff.id, queueId: queue.id, whatsappId: conn.id },
      }),
      'transfer',
    );
    expect(res).toMatchObject({ userId: staff.id, queueId: queue.id });
    const update = await staffTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'update' && p.ticket?.id === ticket.id && p.ticket.userId === staff.id,
      'ticket update (transferred)',
      since,
    );
    expect(update.ticket).toMatchObject({
      queue: { id: queue.id, name: 'Vendas', color: '#0a7cff' },
      user: { id: staff.id, name: 'Ana Atendente' },
    });
  });

  it('resolve from the header: promptId and integrationId false, the user kept', async () => {
    const since = staffTab.mark();
    const res = ok(
      await staffClient.call('PUT /tickets/{id}', `/tickets/${ticket.id}`, {
        body: { status: 'closed', userId: staff.id, useIntegration: false, promptId: false, integrationId: false },
      }),
      'resolve',
    );
    expect(res).toMatchObject({ status: 'closed', userId: staff.id, queueId: queue.id });
    await staffTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'delete' && p.ticketId === ticket.id,
      'ticket delete (left the open list)',
      since,
    );
  });

  it('reopen, then return to the queue (the ticket’s own integration values sent back)', async () => {
    const reopened = ok(
      await staffClient.call('PUT /tickets/{id}', `/tickets/${ticket.id}`, {
        body: { status: 'open', userId: staff.id, useIntegration: false, promptId: null, integrationId: null },
      }),
      'reopen',
    );
    expect(reopened).toMatchObject({ status: 'open', userId: staff.id });
    const returned = ok(
      await staffClient.call('PUT /tickets/{id}', `/tickets/${ticket.id}`, {
        body: { status: 'pending', userId: null, useIntegration: false, promptId: null, integrationId: null },
      }),
      'return',
    );
    expect(returned).toMatchObject({ status: 'pending', userId: null });
  });
});

describe('contacts', () => {
  let contact: any;

  it('ContactModal: POST /contacts, GET /contacts/{id}, PUT /contacts/{id} with the record it loaded', async () => {
    const number = phone();
    const created = ok(
      await admin.call('POST /contacts', '/contacts', { body: { name: 'João Pereira', number, email: '' } }),
      'create contact',
    );
    expect(created).toMatchObject({ id: expect.any(Number), name: 'João Pereira', number, email: '' });
    const loaded = ok(await admin.call('GET /contacts/{id}', `/contacts/${created.id}`), 'contact');
    expect(loaded).toMatchObject({
      id: created.id,
      name: 'João Pereira',
      number,
      email: '',
      extraInfo: [],
      profilePicUrl: expect.any(String),
    });
    const since = adminTab.mark();
    contact = ok(
      await admin.call('PUT /contacts/{id}', `/contacts/${created.id}`, {
        body: { ...loaded, email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] },
      }),
      'save contact',
    );
    expect(contact).toMatchObject({ email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] });
    const update = await adminTab.next(
      `company-${companyId}-contact`,
      (p) => p.action === 'update' && p.contact?.id === created.id,
      'contact update',
      since,
    );
    expect(update.contact).toMatchObject({
      name: 'João Pereira',
      number,
      email: 'joao@example.com',
      profilePicUrl: expect.any(String),
    });
    // Saving again what the drawer shows (extraInfo rows with their ids) changes nothing else.
    const again = ok(
      await admin.call('PUT /contacts/{id}', `/contacts/${created.id}`, {
        body: ok(await admin.call('GET /contacts/{id}', `/contacts/${created.id}`), 'reload'),
      }),
      'save unchanged',
    );
    expect(again).toMatchObject({ email: 'joao@example.com', extraInfo: [{ name: 'CPF', value: '123.456.789-00' }] });
  });

  it('Contacts page: GET /contacts (contacts, hasMore, count), GET /contacts/list (the pickers)', async () => {
    const page = ok(
      await admin.call('GET /contacts', '/contacts', { params: { searchParam: '', pageNumber: 1 } }),
      'contacts page',
    );
    expect(page).toMatchObject({ hasMore: false, count: expect.any(Number) });
    expect(page.contacts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: contact.id,
          name: 'João Pereira',
          number: contact.number,
          email: 'joao@example.com',
        }),
      ]),
    );
    const searched = ok(
      await admin.call('GET /contacts', '/contacts', {
        params: { searchParam: 'joão', pageNumber: 1, date: '', dateStart: '', dateEnd: '' },
      }),
      'search',
    );
    expect(searched.contacts.map((c: any) => c.id)).toEqual([contact.id]);
    // NewTicketModal's contact search: `api.get("contacts", { params: { searchParam } })`.
    const picked = ok(await admin.call('GET /contacts', '/contacts', { params: { searchParam: 'joão' } }), 'picker');
    expect(picked.contacts).toEqual([
      expect.objectContaining({ id: contact.id, name: 'João Pereira', number: contact.number }),
    ]);
    const all = ok(
      await admin.call('GET /contacts/list', '/contacts/list', { params: { companyId } }),
      'contacts list',
    );
    expect(all).toEqual(expect.arrayContaining([expect.objectContaining({ id: contact.id, name: 'João Pereira' })]));
  });

  it('POST /contacts/upload (the sheet’s rows) and POST /contacts/import (no body)', async () => {
    const res = ok(
      await admin.call('POST /contacts/upload', '/contacts/upload', {
        body: [
          { name: 'Planilha Um', number: 5521987650001, email: '' },
          { name: 'Planilha Dois', number: '(21) 98765-0002', email: 'dois@example.com' },
          { name: 'Sem Número', number: '' },
        ],
      }),
      'upload',
    );
    expect(res.newContacts.map((c: any) => c.name)).toEqual(['Planilha Um', 'Planilha Dois']);
    expect(res.errorBag).toHaveLength(1);
    expect(res.errorBag[0]).toMatchObject({ contact: { name: 'Sem Número' }, error: expect.any(String) });
    ok(await admin.call('POST /contacts/import', '/contacts/import'), 'import');
  });

  it('NewTicketModal: POST /tickets for the contact (status open); DELETE /tickets/{id}', async () => {
    const opened = ok(
      await admin.call('POST /tickets', '/tickets', {
        body: {
          contactId: contact.id,
          queueId: queue.id,
          whatsappId: conn.id,
          userId: tenant.admin.id,
          status: 'open',
        },
      }),
      'new ticket',
    );
    expect(opened).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      status: 'open',
      contact: { name: 'João Pereira' },
    });
    const since = adminTab.mark();
    ok(await admin.call('DELETE /tickets/{id}', `/tickets/${opened.id}`), 'delete ticket');
    await adminTab.next(
      `company-${companyId}-ticket`,
      (p) => p.action === 'delete' && p.ticketId === opened.id,
      'ticket delete',
      since,
    );
  });

  it('DELETE /contacts/{id}: the lists hear it deleted', async () => {
    const since = adminTab.mark();
    ok(await admin.call('DELETE /contacts/{id}', `/contacts/${contact.id}`), 'delete contact');
    await adminTab.next(
      `company-${companyId}-contact`,
      (p) => p.action === 'delete' && +p.contactId === contact.id,
      'contact delete',
      since,
    );
  });
});

describe('users', () => {
  let user: any;

  it('Users page and UserModal: GET /users/, POST /users, GET and PUT /users/{id}, DELETE /users/{id}', async () => {
    const page = ok(
      await admin.call('GET /users/', '/users/', { params: { searchParam: '', pageNumber: 1 } }),
      'users page',
    );
    expect(page.hasMore).toBe(false);
    expect(page.users).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: staff.id, name: 'Ana Atendente', email: staff.email, profile: 'user' }),
      ]),
    );
    // UserModal, a new user: no connection chosen (""), allTicket as the dialog spells it.
    const email = `novo-${Date.now()}@example.com`;
    user = ok(
      await admin.call('POST /users', '/users', {
        body: {
          name: 'Bruno Novo',
          email,
          password: 'secret1',
          profile: 'user',
          allTicket: 'desabled',
          whatsappId: '',
          queueIds: [queue.id],
        },
      }),
      'create user',
    );
    expect(user).toMatchObject({ id: expect.any(Number), name: 'Bruno Novo', email, profile: 'user' });
    const loaded = ok(await admin.call('GET /users/{id}', `/users/${user.id}`), 'user');
    expect(loaded).toMatchObject({
      id: user.id,
      name: 'Bruno Novo',
      email,
      profile: 'user',
      queues: [expect.objectContaining({ id: queue.id })],
    });
    const since = adminTab.mark();
    const saved = ok(
      await admin.call('PUT /users/{id}', `/users/${user.id}`, {
        body: { ...loaded, password: '', allTicket: 'enabled', whatsappId: conn.id, queueIds: [queue.id] },
      }),
      'save user',
    );
    expect(saved).toMatchObject({ id: user.id, allTicket: 'enable', whatsappId: conn.id });
    const update = await adminTab.next(
      `company-${companyId}-user`,
      (p) => p.action === 'update' && p.user?.id === user.id,
      'user update',
      since,
    );
    // The users page puts it in its table; useAuth, when it is the signed-in user, takes it as theirs.
    expect(update.user).toMatchObject({
      name: 'Bruno Novo',
      email,
      profile: 'user',
      queues: [expect.objectContaining({ id: queue.id, name: 'Vendas', color: '#0a7cff' })],
    });
    const since2 = adminTab.mark();
    ok(await admin.call('DELETE /users/{id}', `/users/${user.id}`), 'delete user');
    await adminTab.next(
      `company-${companyId}-user`,
      (p) => p.action === 'delete' && +p.userId === user.id,
      'user delete',
      since2,
    );
  });

  it('POST /users/set-language/{lang}', async () => {
    ok(await staffClient.call('POST /users/set-language/{lang}', '/users/set-language/en'), 'set language');
  });
});

describe('quick messages', () => {
  let quick: any;

  it('QuickMessageDialog: POST /quick-messages, the file, GET and PUT /quick-messages/{id}, removing the file', async () => {
    quick = ok(
      await admin.call('POST /quick-messages', '/quick-messages', {
        body: {
          shortcode: 'boasvindas',
          message: 'Olá {{name}}, seja bem-vindo!',
          geral: false,
          status: true,
          isMedia: true,
          mediaPath: null,
        },
      }),
      'create quick message',
    );
    expect(quick).toMatchObject({
      id: expect.any(Number),
      shortcode: 'boasvindas',
      message: 'Olá {{name}}, seja bem-vindo!',
    });
    const form = new FormData();
    form.append('typeArch', 'quickMessage');
    form.append('file', pngFile('cardapio do dia.png'));
    const withFile = ok(
      await admin.call('POST /quick-messages/{id}/media-upload', `/quick-messages/${quick.id}/media-upload`, { form }),
      'upload',
    );
    expect(withFile).toMatchObject({ mediaPath: expect.any(String), mediaName: 'cardapio_do_dia.png' });
    const loaded = ok(await admin.call('GET /quick-messages/{id}', `/quick-messages/${quick.id}`), 'quick message');
    expect(loaded).toMatchObject({
      shortcode: 'boasvindas',
      mediaPath: expect.any(String),
      mediaName: 'cardapio_do_dia.png',
    });
    const saved = ok(
      await admin.call('PUT /quick-messages/{id}', `/quick-messages/${quick.id}`, {
        body: { ...loaded, message: 'Olá {{name}}!', isMedia: true, mediaPath: 'cardapio_do_dia.png' },
      }),
      'save quick message',
    );
    expect(saved).toMatchObject({ message: 'Olá {{name}}!', mediaName: 'cardapio_do_dia.png' });
    const removed = ok(
      await admin.call('DELETE /quick-messages/{id}/media-upload', `/quick-messages/${quick.id}/media-upload`),
      'remove file',
    );
    expect(removed).toMatchObject({ mediaPath: null });
  });

  it('GET /quick-messages (records, hasMore) and GET /quick-messages/list (the composer’s / menu)', async () => {
    const page = ok(
      await admin.call('GET /quick-messages', '/quick-messages', {
        params: { searchParam: '', pageNumber: 1, userId: tenant.admin.id },
      }),
      'quick messages page',
    );
    expect(page.hasMore).toBe(false);
    expect(page.records).toEqual([
      expect.objectContaining({ id: quick.id, shortcode: 'boasvindas', message: 'Olá {{name}}!' }),
    ]);
    const all = ok(
      await admin.call('GET /quick-messages/list', '/quick-messages/list', {
        params: { companyId, userId: tenant.admin.id },
      }),
      'composer list',
    );
    expect(all).toEqual([
      expect.objectContaining({ shortcode: 'boasvindas', message: 'Olá {{name}}!', mediaPath: null }),
    ]);
    ok(await admin.call('DELETE /quick-messages/{id}', `/quick-messages/${quick.id}`), 'delete');
  });
});

describe('schedules', () => {
  let schedule: any;
  const scheduleTopic = `company${0}-schedule`;

  it('ScheduleModal: POST /schedules (local date-time, sentAt "", userId), the events the page listens to', async () => {
    const topic = scheduleTopic.replace('0', String(companyId));
    const contacts = ok(
      await admin.call('GET /contacts/list', '/contacts/list', { params: { companyId } }),
      'contacts',
    );
    const to = contacts.find((c: any) => c.name === 'Planilha Um');
    const since = adminTab.mark();
    const sendAt = localMinute(new Date(Date.now() + 3_600_000));
    schedule = ok(
      await admin.call('POST /schedules', '/schedules', {
        body: {
          body: 'Lembrete da sua consulta amanhã',
          contactId: to.id,
          sendAt,
          sentAt: '',
          userId: tenant.admin.id,
        },
      }),
      'create schedule',
    );
    expect(schedule).toMatchObject({
      id: expect.any(Number),
      body: 'Lembrete da sua consulta amanhã',
      contactId: to.id,
      sentAt: null,
    });
    const created = await adminTab.next(
      topic,
      (p) => p.action === 'create' && p.schedule?.id === schedule.id,
      'schedule create',
      since,
    );
    expect(created.schedule).toMatchObject({ contact: { name: 'Planilha Um' }, sendAt: expect.any(String) });
  });

  it('GET /schedules/ (schedules, hasMore), GET and PUT /schedules/{id} with what the modal loaded, the image', async () => {
    const topic = scheduleTopic.replace('0', String(companyId));
    const page = ok(
      await admin.call('GET /schedules/', '/schedules/', { params: { searchParam: '', pageNumber: 1 } }),
      'schedules page',
    );
    expect(page.hasMore).toBe(false);
    expect(page.schedules).toEqual([
      expect.objectContaining({
        id: schedule.id,
        sendAt: expect.any(String),
        sentAt: null,
        status: expect.any(String),
        contact: expect.objectContaining({ name: 'Planilha Um' }),
      }),
    ]);
    const loaded = ok(await admin.call('GET /schedules/{id}', `/schedules/${schedule.id}`), 'schedule');
    const since = adminTab.mark();
    const later = localMinute(new Date(Date.now() + 2 * 3_600_000));
    const saved = ok(
      await admin.call('PUT /schedules/{id}', `/schedules/${schedule.id}`, {
        body: { ...loaded, body: 'Lembrete: consulta amanhã às 10h', sendAt: later, userId: tenant.admin.id },
      }),
      'save schedule',
    );
    expect(saved).toMatchObject({ body: 'Lembrete: consulta amanhã às 10h' });
    const updated = await adminTab.next(
      topic,
      (p) => p.action === 'update' && p.schedule?.id === schedule.id,
      'schedule update',
      since,
    );
    expect(updated.schedule.body).toBe('Lembrete: consulta amanhã às 10h');
    const form = new FormData();
    form.append('file', pngFile('lembrete.png'));
    const withFile = ok(
      await admin.call('POST /schedules/{id}/media-upload', `/schedules/${schedule.id}/media-upload`, { form }),
      'upload',
    );
    expect(withFile).toMatchObject({ mediaPath: expect.any(String), mediaName: 'lembrete.png' });
    const without = ok(
      await admin.call('DELETE /schedules/{id}/media-upload', `/schedules/${schedule.id}/media-upload`),
      'remove',
    );
    expect(without).toMatchObject({ mediaPath: null, mediaName: null });
  });

  it('DELETE /schedules/{id}', async () => {
    const topic = scheduleTopic.replace('0', String(companyId));
    const since = adminTab.mark();
    ok(await admin.call('DELETE /schedules/{id}', `/schedules/${schedule.id}`), 'delete schedule');
    await adminTab.next(topic, (p) => p.action === 'delete' && +p.scheduleId === schedule.id, 'schedule delete', since);
  });
});

describe('internal chat', () => {
  let chat: any;

  it('ChatModal: POST /chats (users as listed, title), PUT /chats/{id}', async () => {
    const users = ok(await admin.call('GET /users/list', '/users/list'), 'users');
    const ana = users.find((u: any) => u.id === staff.id);
    chat = ok(await admin.call('POST /chats', '/chats', { body: { users: [ana], title: 'Plantão' } }), 'create chat');
    expect(chat).toMatchObject({
      id: expect.any(Number),
      uuid: expect.any(String),
      title: 'Plantão',
      ownerId: tenant.admin.id,
    });
    const since = staffTab.mark();
    const renamed = ok(
      await admin.call('PUT /chats/{id}', `/chats/${chat.id}`, {
        body: { users: chat.users.map((u: any) => u.user), title: 'Plantão de sábado' },
      }),
      'edit chat',
    );
    expect(renamed).toMatchObject({ title: 'Plantão de sábado' });
    await staffTab.next(
      `company-${companyId}-chat`,
      (p) => p.action === 'update' && p.chat?.id === chat.id,
      'chat update',
      since,
    );
  });

  it('GET /chats/, POST and GET /chats/{id}/messages, POST /chats/{id}/read, and the events', async () => {
    const since = staffTab.mark();
    ok(
      await admin.call('POST /chats/{id}/messages', `/chats/${chat.id}/messages`, {
        body: { message: 'Quem cobre a tarde?' },
      }),
      'send',
    );
    const heard = await staffTab.next(
      `company-${companyId}-chat`,
      (p) => p.action === 'new-message' && p.chat?.id === chat.id,
      'chat new-message',
      since,
    );
    expect(heard.newMessage).toMatchObject({
      chatId: chat.id,
      senderId: tenant.admin.id,
      sender: { name: expect.any(String) },
      message: 'Quem cobre a tarde?',
      createdAt: expect.any(String),
    });
    expect(heard.chat.users.find((u: any) => u.userId === staff.id)).toMatchObject({
      unreads: 1,
      user: { id: staff.id, name: 'Ana Atendente' },
    });
    // The chat page, with this chat open, appends the message it hears on the chat's own channel.
    const pane = await staffTab.next(
      `company-${companyId}-chat-${chat.id}`,
      (p) => p.action === 'new-message',
      'new-message on the chat channel',
      since,
    );
    expect(pane.newMessage).toMatchObject({ chatId: chat.id, message: 'Quem cobre a tarde?' });
    const list = ok(await staffClient.call('GET /chats/', '/chats/', { params: { pageNumber: 1 } }), 'chats');
    expect(list.hasMore).toBe(false);
    expect(list.records).toEqual([
      expect.objectContaining({
        id: chat.id,
        title: 'Plantão de sábado',
        lastMessage: 'Quem cobre a tarde?',
        ownerId: tenant.admin.id,
        updatedAt: expect.any(String),
      }),
    ]);
    const msgs = ok(
      await staffClient.call('GET /chats/{id}/messages', `/chats/${chat.id}/messages`, { params: { pageNumber: 1 } }),
      'messages',
    );
    expect(msgs.hasMore).toBe(false);
    expect(msgs.records).toEqual([
      expect.objectContaining({
        senderId: tenant.admin.id,
        message: 'Quem cobre a tarde?',
        sender: expect.objectContaining({ name: expect.any(String) }),
      }),
    ]);
    const readSince = staffTab.mark();
    ok(
      await staffClient.call('POST /chats/{id}/read', `/chats/${chat.id}/read`, { body: { userId: staff.id } }),
      'read',
    );
    const read = await staffTab.next(
      `company-${companyId}-chat`,
      (p) => p.action === 'update' && p.chat?.id === chat.id,
      'chat update (read)',
      readSince,
    );
    expect(read.chat.users.find((u: any) => u.userId === staff.id).unreads).toBe(0);
    await staffTab.next(
      `company-${companyId}-chat-${chat.id}`,
      (p) => p.action === 'update' && p.chat.users.find((u: any) => u.userId === staff.id).unreads === 0,
      'update on the chat channel',
      readSince,
    );
  });

  it('DELETE /chats/{id}: the chat page hears it by id', async () => {
    const since = staffTab.mark();
    ok(await admin.call('DELETE /chats/{id}', `/chats/${chat.id}`), 'delete chat');
    const deleted = await staffTab.next(
      `company-${companyId}-chat`,
      (p) => p.action === 'delete',
      'chat delete',
      since,
    );
    expect(+deleted.id).toBe(chat.id);
  });
});

describe('announcements (super users)', () => {
  let superClient: AtendechatClient;
  let announcement: any;

  it('AnnouncementModal: POST /announcements, the image, GET and PUT /announcements/{id}; everyone hears them', async () => {
    superClient = admin.as(await t.superToken());
    const since = adminTab.mark();
    announcement = ok(
      await superClient.call('POST /announcements', '/announcements', {
        body: { title: 'Manutenção', text: 'Sábado às 22h', priority: 3, status: true },
      }),
      'create announcement',
    );
    expect(announcement).toMatchObject({ id: expect.any(Number), title: 'Manutenção', priority: 3, status: true });
    // The pop-over listens to `company-announcement`, the page to the company's own name too.
    const created = await adminTab.next(
      'company-announcement',
      (p) => p.action === 'create' && p.record?.id === announcement.id,
      'announcement create',
      since,
    );
    expect(created.record).toMatchObject({
      title: 'Manutenção',
      text: 'Sábado às 22h',
      priority: 3,
      status: true,
      createdAt: expect.any(String),
    });
    const form = new FormData();
    form.append('file', pngFile('aviso.png'));
    const withFile = ok(
      await superClient.call(
        'POST /announcements/{id}/media-upload',
        `/announcements/${announcement.id}/media-upload`,
        { form },
      ),
      'upload',
    );
    expect(withFile).toMatchObject({ mediaPath: expect.any(String), mediaName: 'aviso.png' });
    const loaded = ok(
      await superClient.call('GET /announcements/{id}', `/announcements/${announcement.id}`),
      'announcement',
    );
    const since2 = adminTab.mark();
    const saved = ok(
      await superClient.call('PUT /announcements/{id}', `/announcements/${announcement.id}`, {
        body: { ...loaded, priority: 1 },
      }),
      'save announcement',
    );
    expect(saved).toMatchObject({ priority: 1, mediaName: 'aviso.png' });
    await adminTab.next(
      'company-announcement',
      (p) => p.action === 'update' && p.record?.id === announcement.id && p.record.priority === 1,
      'announcement update',
      since2,
    );
    const removed = ok(
      await superClient.call(
        'DELETE /announcements/{id}/media-upload',
        `/announcements/${announcement.id}/media-upload`,
      ),
      'remove',
    );
    expect(removed).toMatchObject({ mediaPath: null });
  });

  it('GET /announcements/ (records, hasMore) and DELETE /announcements/{id}', async () => {
    const page = ok(
      await admin.call('GET /announcements/', '/announcements/', { params: { searchParam: '', pageNumber: 1 } }),
      'announcements',
    );
    expect(page.hasMore).toBe(false);
    expect(page.records).toEqual([
      expect.objectContaining({ id: announcement.id, title: 'Manutenção', priority: 1, status: true }),
    ]);
    const since = adminTab.mark();
    ok(await superClient.call('DELETE /announcements/{id}', `/announcements/${announcement.id}`), 'delete');
    await adminTab.next(
      'company-announcement',
      (p) => p.action === 'delete' && +p.id === announcement.id,
      'announcement delete',
      since,
    );
    await adminTab.next(
      `company-${companyId}-announcement`,
      (p) => p.action === 'delete' && +p.id === announcement.id,
      'announcement delete (company)',
      since,
    );
  });
});

describe('dashboard', () => {
  it('GET /dashboard by period and by dates: counters and attendants', async () => {
    const byPeriod = ok(await admin.call('GET /dashboard', '/dashboard', { params: { days: 7 } }), 'dashboard');
    expect(byPeriod.counters).toMatchObject({
      supportHappening: expect.any(Number),
      supportPending: expect.any(Number),
      supportFinished: expect.any(Number),
      leads: expect.any(Number),
    });
    expect(byPeriod.counters.supportPending).toBeGreaterThanOrEqual(1);
    expect(byPeriod.counters).toHaveProperty('avgSupportTime');
    expect(byPeriod.counters).toHaveProperty('avgWaitTime');
    // The staff member's tab sent userStatus: online.
    expect(byPeriod.attendants).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'Ana Atendente', online: true })]),
    );
    for (const a of byPeriod.attendants) expect(a).toHaveProperty('rating');
    const now = new Date();
    const first = new Date(now.getFullYear(), now.getMonth(), 1);
    const byDates = ok(
      await admin.call('GET /dashboard', '/dashboard', { params: { date_from: day(first), date_to: day(now) } }),
      'dashboard',
    );
    expect(byDates.counters.supportPending).toBe(byPeriod.counters.supportPending);
  });

  it('GET /dashboard/ticketsUsers and /dashboard/ticketsDay (initialDate, finalDate, companyId)', async () => {
    const params = { initialDate: day(new Date(Date.now() - 6 * 86_400_000)), finalDate: day(new Date()), companyId };
    const perUser = ok(
      await admin.call('GET /dashboard/ticketsUsers', '/dashboard/ticketsUsers', { params }),
      'per user',
    );
    expect(Array.isArray(perUser.data)).toBe(true);
    expect(perUser.data).toEqual(
      expect.arrayContaining([expect.objectContaining({ nome: 'Ana Atendente', quantidade: 1 })]),
    );
    const perDay = ok(await admin.call('GET /dashboard/ticketsDay', '/dashboard/ticketsDay', { params }), 'per day');
    expect(perDay.data).toHaveLength(7);
    expect(perDay.data[6]).toMatchObject({ data: expect.any(String), total: expect.any(Number) });
    expect(perDay.count).toBeGreaterThanOrEqual(1);
    const today = ok(
      await admin.call('GET /dashboard/ticketsDay', '/dashboard/ticketsDay', {
        params: { initialDate: day(new Date()), finalDate: day(new Date()), companyId },
      }),
      'one day',
    );
    expect(today.data).toHaveLength(24);
    expect(today.data[0]).toMatchObject({ horario: expect.any(String), total: expect.any(Number) });
  });
});

describe('a login elsewhere', () => {
  it('the old tab hears `auth` with its user’s id', async () => {
    const since = staffTab.mark();
    await login(t, staff.email, staff.password);
    const heard = await staffTab.next(`company-${companyId}-auth`, (p) => p.action === 'update', 'auth', since);
    expect(+heard.user.id).toBe(staff.id);
  });
});

describe('the table', () => {
  it('every operations call was replayed', () => {
    expectEveryCallReplayed('operations', replayed);
  });
});
