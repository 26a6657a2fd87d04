/**
 * `POST /tickets/bulk` (issue 36): each ticket goes through its single route, so its rules,
 * permissions, activity and events hold; what the caller cannot see is `not_found` whatever the
 * cause, and a bad body changes nothing.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Socket } from 'socket.io-client';
import { TICKETS_BULK_MAX } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createPlan, createStaff, createTenant, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid } from '../../../test/support/expect.js';
import { connectSocket } from '../../../test/support/socket.js';
import { and, eq, inArray } from 'drizzle-orm';
import { ticketActivities } from '../../db/schema/index.js';
import {
  inbound,
  insertConnection,
  insertQueue,
  listen,
  phone,
  scoped,
  settle,
  ticketRow,
  updateTicketRow,
} from '../../../test/support/inbox.js';

type Staff = Awaited<ReturnType<typeof createStaff>>;

let t: TestApp;
let a: Tenant;
let b: Tenant;
let vendas: { id: number };
let suporte: { id: number };
let connA: { id: number; companyId: number };
let connB: { id: number; companyId: number };
let ana: Staff;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await startTestApp();
  const plan = await createPlan(t, { users: 50, connections: 10, queues: 10 });
  a = await createTenant(t, { planId: plan.id });
  b = await createTenant(t, { planId: plan.id });
  vendas = await insertQueue(t, a.companyId, { name: 'Vendas' });
  suporte = await insertQueue(t, a.companyId, { name: 'Suporte' });
  connA = await insertConnection(t, a.companyId, { isDefault: true });
  connB = await insertConnection(t, b.companyId, { isDefault: true });
  ana = await createStaff(t, a, { name: 'Ana', queueIds: [vendas.id] });
});
afterEach(() => {
  for (const s of sockets.splice(0)) s.close();
});
afterAll(() => t.stop());

/** A customer's new ticket, waiting in `queueId` (none: queueless). */
async function pending(queueId: number | null, conn = connA) {
  const r = await inbound(t, conn, { number: phone(), name: 'Cliente' }, 'Olá');
  await updateTicketRow(t, conn.companyId, r.ticketId, { queueId });
  return r.ticketId;
}
const statusOf = async (id: number, companyId = a.companyId) => (await ticketRow(t, companyId, id)).status;
const bulk = (api: Staff['api'], body: unknown) => api.post('/api/tickets/bulk', body);

/** The ticket events an admin's tab of company A hears from now on. */
async function hearTickets() {
  const socket = await connectSocket(t.url, a.admin.token);
  sockets.push(socket);
  return listen<{ action: string; ticket?: { id: number; status: string } }>(socket, `company-${a.companyId}-ticket`);
}

describe('POST /api/tickets/bulk', () => {
  it('closes many at once: each recorded in its trail and told to the sockets as one close would be', async () => {
    const ids = [await pending(vendas.id), await pending(vendas.id), await pending(vendas.id)];
    const heard = await hearTickets();

    const res = await bulk(a.admin.api, { ticketIds: ids, action: 'close' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 3, skipped: [] });
    for (const id of ids) {
      expect(await statusOf(id)).toBe('closed');
      const trail = (await a.admin.api.get(`/api/tickets/${id}/activity`)).body.records as Array<{ action: string }>;
      expect(trail.at(-1)).toMatchObject({ action: 'closed', userId: a.admin.id });
    }
    await settle(t, [a.companyId], sockets);
    for (const id of ids)
      expect(
        heard.heard.some((e) => e.ticket?.id === id && e.ticket.status === 'closed'),
        `event for ${id}`,
      ).toBe(true);
  });

  it('skips what is already in the asked state, and an accept of a closed ticket (not the reopen it would be)', async () => {
    const open = await pending(vendas.id);
    const closed = await pending(vendas.id);
    await updateTicketRow(t, a.companyId, closed, { status: 'closed' });
    const res = await bulk(a.admin.api, { ticketIds: [open, closed], action: 'accept' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ updated: 1, skipped: [{ id: closed, reason: 'invalid_status' }] });
    expect(await statusOf(open)).toBe('open');
    expect(await statusOf(closed)).toBe('closed');

    const again = await bulk(a.admin.api, { ticketIds: [closed], action: 'close' });
    expect(again.body).toEqual({ updated: 0, skipped: [{ id: closed, reason: 'unchanged' }] });
  });

  it("answers not_found for another company's ticket, one out of the caller's queues and one that does not exist, and leaves them alone", async () => {
    const mine = await pending(vendas.id);
    const otherQueue = await pending(suporte.id);
    const neighbours = await pending(null, connB);
    const res = await bulk(ana.api, { ticketIds: [mine, otherQueue, neighbours, 2 ** 30], action: 'close' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.updated).toBe(1);
    expect(res.body.skipped).toEqual([
      { id: otherQueue, reason: 'not_found' },
      { id: neighbours, reason: 'not_found' },
      { id: 2 ** 30, reason: 'not_found' },
    ]);
    expect(await statusOf(mine)).toBe('closed');
    expect(await statusOf(otherQueue)).toBe('pending');
    expect(await statusOf(neighbours, b.companyId)).toBe('pending');
  });

  it('transfers to a queue and a user, and tags: the tickets carry them after', async () => {
    const ids = [await pending(vendas.id), await pending(vendas.id)];
    const transfer = await bulk(a.admin.api, {
      ticketIds: ids,
      action: 'transfer',
      queueId: suporte.id,
      userId: ana.id,
    });
    expect(transfer.body).toEqual({ updated: 2, skipped: [] });
    for (const id of ids)
      expect(await ticketRow(t, a.companyId, id)).toMatchObject({ queueId: suporte.id, userId: ana.id });

    const tag = (await a.admin.api.post('/api/tags', { name: `Lote ${phone()}`, color: '#1976d2' })).body as {
      id: number;
    };
    const tagged = await bulk(a.admin.api, { ticketIds: ids, action: 'tag', tagIds: [tag.id] });
    expect(tagged.body).toEqual({ updated: 2, skipped: [] });
    for (const id of ids) {
      const view = (await a.admin.api.get(`/api/tickets/${id}`)).body as { tags: Array<{ id: number }> };
      expect(view.tags.map((x) => x.id)).toEqual([tag.id]);
    }
  });

  it('goes in chunks: 110 tickets, several transactions side by side, each ticket closed, counted, trailed and told once', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 110; i++) ids.push(await pending(vendas.id));
    const heard = await hearTickets();

    const res = await bulk(a.admin.api, { ticketIds: ids, action: 'close' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 110, skipped: [] });
    const closes = await scoped(t, a.companyId, (tx) =>
      tx
        .select({ ticketId: ticketActivities.ticketId })
        .from(ticketActivities)
        .where(and(inArray(ticketActivities.ticketId, ids), eq(ticketActivities.action, 'closed'))),
    );
    expect(closes.map((c) => c.ticketId).sort((x, y) => x - y)).toEqual([...ids].sort((x, y) => x - y));
    await settle(t, [a.companyId], sockets);
    for (const id of ids) {
      expect(await statusOf(id)).toBe('closed');
      const told = heard.heard.filter(
        (e) => e.action === 'update' && e.ticket?.id === id && e.ticket.status === 'closed',
      );
      expect(told.length, `close events for ${id}`).toBe(1);
    }
  });

  it('a ticket refused mid-chunk is rolled back alone: the others change, it is skipped with its code, no trail, no event', async () => {
    const numbers = [phone(), phone(), phone()];
    const ids: number[] = [];
    for (const number of numbers) ids.push((await inbound(t, connA, { number, name: 'Cliente' }, 'Olá')).ticketId);
    expect((await bulk(a.admin.api, { ticketIds: ids, action: 'close' })).body).toEqual({ updated: 3, skipped: [] });
    // The middle one's customer writes again: a new live ticket, so reopening the old one is refused.
    const newer = (await inbound(t, connA, { number: numbers[1]! }, 'De novo')).ticketId;
    expect(newer).not.toBe(ids[1]);
    const heard = await hearTickets();

    const res = await bulk(a.admin.api, { ticketIds: ids, action: 'reopen' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ updated: 2, skipped: [{ id: ids[1], reason: 'ERR_OTHER_OPEN_TICKET' }] });
    expect([await statusOf(ids[0]!), await statusOf(ids[1]!), await statusOf(ids[2]!)]).toEqual([
      'open',
      'closed',
      'open',
    ]);
    const trail = async (id: number) =>
      ((await a.admin.api.get(`/api/tickets/${id}/activity`)).body.records as Array<{ action: string }>).map(
        (r) => r.action,
      );
    expect((await trail(ids[0]!)).at(-1)).toBe('reopened');
    expect((await trail(ids[1]!)).at(-1)).toBe('closed');
    expect((await trail(ids[2]!)).at(-1)).toBe('reopened');
    await settle(t, [a.companyId], sockets);
    const toldOf = (id: number) => heard.heard.filter((e) => e.ticket?.id === id);
    expect(toldOf(ids[0]!).some((e) => e.ticket!.status === 'open')).toBe(true);
    expect(toldOf(ids[2]!).some((e) => e.ticket!.status === 'open')).toBe(true);
    expect(toldOf(ids[1]!)).toEqual([]);
  });

  it('refuses a bad body by name and changes nothing', async () => {
    const id = await pending(vendas.id);
    expectInvalid(await bulk(a.admin.api, { ticketIds: [], action: 'close' }), 'ticketIds');
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'explode' }), 'action');
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'transfer' }), 'queueId');
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'tag' }), 'tagIds');
    const tooMany = Array.from({ length: TICKETS_BULK_MAX + 1 }, (_, i) => i + 1);
    expectInvalid(await bulk(a.admin.api, { ticketIds: tooMany, action: 'close' }), 'ticketIds');
    // Another company's queue, user or tag is refused by name, even where the action ignores it.
    const theirQueue = await insertQueue(t, b.companyId, { name: 'Deles' });
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'transfer', queueId: theirQueue.id }), 'queueId');
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'close', userId: b.admin.id }), 'userId');
    const theirTag = (await b.admin.api.post('/api/tags', { name: 'Deles', color: '#000000' })).body as { id: number };
    expectInvalid(await bulk(a.admin.api, { ticketIds: [id], action: 'tag', tagIds: [theirTag.id] }), 'tagIds');
    expect(await statusOf(id)).toBe('pending');
  });
});
