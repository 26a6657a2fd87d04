/**
 * `DELETE /api/messages/{id}` reaching WhatsApp: the request waits on the message
 * (`deleteRequestedAt`) and the connection's outbox, in the process holding the session, deletes
 * it for everyone where the provider can — the sandbox's simulated phone shows it deleted; the
 * Cloud API cannot, so nothing is asked of Meta — also when the session was down at the time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { PROVIDERS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.js';
import { createStaff, createTenant, insertCloudConnection, type Tenant } from '../../../test/support/factories.js';
import { expectInvalid, expectNoPermission, expectNotFound } from '../../../test/support/expect.js';
import { eventually } from '../../../test/support/eventually.js';
import { startFakeGraph, type FakeGraph } from '../../../test/support/fake-graph.js';
import { inbound, insertConnection, phone, scoped } from '../../../test/support/inbox.js';
import { outboxDrained, pairedSandbox, sandboxCustomer } from '../../../test/support/sandbox-phone.js';
import { messages } from '../../db/schema/index.js';
import { SessionRegistry, type ChannelFactory } from '../../channels/registry.js';
import { drainOutbox } from './outbox.js';
import { CHANNEL_FACTORIES } from '../../channel-providers.js';
import type { Channel, SentMessageRef } from '../../channels/channel.js';
import { sessionsOf } from '../../../test/support/app.js';

let t: TestApp;
let graph: FakeGraph;
let a: Tenant;
let b: Tenant;
let sandbox: { id: number; companyId: number };

beforeAll(async () => {
  graph = await startFakeGraph();
  t = await startTestApp({ WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0` });
  a = await createTenant(t);
  b = await createTenant(t);
  sandbox = await pairedSandbox(t, a);
});
afterAll(async () => {
  await t?.stop();
  await graph?.close();
});

const row = async (id: number) =>
  (await scoped(t, a.companyId, (tx) => tx.select().from(messages).where(eq(messages.id, id))))[0]!;

type PhoneMessage = { id: number; fromCustomer: boolean; body: string; isDeleted: boolean; ack: number };
async function phoneShows(number: string): Promise<PhoneMessage[]> {
  const res = await a.admin.api.get(`/api/sandbox/${sandbox.id}/conversations/${number}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.messages as PhoneMessage[]).filter((m) => !m.fromCustomer);
}

/** A sandbox customer writes; the admin accepts the ticket. */
async function openTicket() {
  const customer = sandboxCustomer(t, a.admin.api, sandbox);
  const { ticketId } = await customer.says('Oi, tudo bem?');
  expect((await a.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
  return { customer, ticketId };
}

async function reply(ticketId: number, body: string) {
  const res = await a.admin.api.post(`/api/messages/${ticketId}`, { body, signOption: false });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.messages[0] as { id: number };
}

describe('sandbox: the simulated phone', () => {
  it("shows the sender's deleted message as deleted once the outbox delivered the delete", async () => {
    const { customer, ticketId } = await openTicket();
    const sent = await reply(ticketId, 'mensagem errada');
    await outboxDrained(t, a.companyId, sandbox.id);
    expect(await phoneShows(customer.number)).toMatchObject([
      { id: sent.id, body: 'mensagem errada', isDeleted: false },
    ]);

    const res = await a.admin.api.delete(`/api/messages/${sent.id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: sent.id, isDeleted: true, body: 'mensagem errada' });
    await eventually(async () => (await phoneShows(customer.number))[0]?.isDeleted, 10_000, 'deleted on the phone');
    expect(await row(sent.id)).toMatchObject({ isDeleted: true, deleteRequestedAt: null, error: null });
    // Deleting again changes nothing and asks WhatsApp nothing more.
    expect((await a.admin.api.delete(`/api/messages/${sent.id}`)).body).toMatchObject({ isDeleted: true });
    expect((await row(sent.id)).deleteRequestedAt).toBeNull();
  });

  it("another person's message, another company's, a bad id: refused, nothing reaches the phone", async () => {
    const { customer, ticketId } = await openTicket();
    const sent = await reply(ticketId, 'fica');
    await outboxDrained(t, a.companyId, sandbox.id);
    const otherAdmin = await createStaff(t, a, { profile: 'admin' });
    expectNoPermission(await otherAdmin.api.delete(`/api/messages/${sent.id}`));
    expectNotFound(await b.admin.api.delete(`/api/messages/${sent.id}`));
    expectInvalid(await a.admin.api.delete('/api/messages/abc'), 'id');
    expect(await row(sent.id)).toMatchObject({ isDeleted: false, deleteRequestedAt: null });
    expect(await phoneShows(customer.number)).toMatchObject([{ id: sent.id, isDeleted: false }]);
  });
});

describe('cloud: no delete in the Cloud API', () => {
  it('the message is marked deleted in Balcão and nothing is asked of the Graph API', async () => {
    const conn = await insertCloudConnection(t, a.companyId, { sessionWanted: true });
    await sessionsOf(t).tick();
    const { ticketId } = await inbound(t, conn, { number: phone(), name: 'Cliente Cloud' }, 'Olá');
    expect((await a.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    const sent = await reply(ticketId, 'enviada pela Cloud API');
    await graph.until(() => graph.sent.find((s) => s.body.text?.body === 'enviada pela Cloud API'));
    await eventually(async () => (await row(sent.id)).ack === 1, 10_000, 'the wamid recorded');
    const before = graph.requests.length;

    expect((await a.admin.api.delete(`/api/messages/${sent.id}`)).body).toMatchObject({ isDeleted: true });
    // The holder's outbox takes the request and drops it: Meta has nothing to call.
    await eventually(async () => (await row(sent.id)).deleteRequestedAt === null, 10_000, 'the request dropped');
    expect(await row(sent.id)).toMatchObject({ isDeleted: true, ack: 1, error: null });
    expect(graph.requests.slice(before)).toEqual([]);
  });
});

describe('while the session is down', () => {
  it('a sent message is deleted once it is up; a queued one deleted before sending is never sent', async () => {
    const { customer, ticketId } = await openTicket();
    const sent = await reply(ticketId, 'enviada antes da queda');
    await outboxDrained(t, a.companyId, sandbox.id);

    // No process holds the session (this one stopped): requests wait in the database.
    await t.running.deps.sessions.stop();
    expect((await a.admin.api.delete(`/api/messages/${sent.id}`)).status).toBe(200);
    const doomed = await reply(ticketId, 'não envie');
    expect((await a.admin.api.delete(`/api/messages/${doomed.id}`)).body).toMatchObject({ isDeleted: true, ack: 0 });
    await reply(ticketId, 'esta sim');
    expect((await row(sent.id)).deleteRequestedAt).not.toBeNull();
    expect(await phoneShows(customer.number)).toMatchObject([{ id: sent.id, isDeleted: false }]);

    // A process takes the session again (a restart, another process after the lease expired).
    t.running.deps.sessions = new SessionRegistry(t.running.deps, CHANNEL_FACTORIES, t.running.eventsFor, drainOutbox);
    await t.running.deps.sessions.start();
    await eventually(
      async () => (await phoneShows(customer.number)).some((m) => m.body === 'esta sim'),
      15_000,
      'the next send',
    );
    await eventually(async () => (await phoneShows(customer.number))[0]?.isDeleted, 10_000, 'deleted on the phone');
    expect((await phoneShows(customer.number)).map((m) => [m.body, m.isDeleted])).toEqual([
      ['enviada antes da queda', true],
      ['esta sim', false],
    ]);
    expect(await row(doomed.id)).toMatchObject({ isDeleted: true, ack: 0, externalId: null, deleteRequestedAt: null });
  });
});

describe('deleted while its send is under way', () => {
  it('it went out after all, so the outbox deletes it on WhatsApp right after', async () => {
    // Channels whose sends wait for the test, recording the deletes they are asked for.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const sends: string[] = [];
    const deletes: SentMessageRef[] = [];
    const factory: ChannelFactory = (conn): Channel => ({
      async start() {},
      async stop() {},
      async logout() {},
      async send(message) {
        sends.push(message.body);
        await gate;
        return { externalId: `gated-${conn.id}-${sends.length}` };
      },
      async deleteForEveryone(ref) {
        deletes.push(ref);
      },
      async markRead() {},
      async checkNumber(number) {
        return { exists: true, number };
      },
    });
    await t.running.deps.sessions.stop();
    t.running.deps.sessions = new SessionRegistry(
      t.running.deps,
      Object.fromEntries(PROVIDERS.map((p) => [p, factory])),
      t.running.eventsFor,
      drainOutbox,
    );
    await t.running.deps.sessions.start();
    const conn = await insertConnection(t, a.companyId, { sessionWanted: true });
    await sessionsOf(t).tick();
    expect(sessionsOf(t).local(conn.id)).toBeDefined();

    const number = phone();
    const { ticketId } = await inbound(t, conn, { number, name: 'Cliente' }, 'Olá');
    expect((await a.admin.api.put(`/api/tickets/${ticketId}`, { status: 'open' })).status).toBe(200);
    const sent = await reply(ticketId, 'a caminho');
    await eventually(() => sends.includes('a caminho'), 5_000, 'the send under way');

    expect((await a.admin.api.delete(`/api/messages/${sent.id}`)).body).toMatchObject({ isDeleted: true, ack: 0 });
    release();
    await eventually(() => deletes.length > 0, 5_000, 'the delete');
    const stored = await eventually(async () => {
      const r = await row(sent.id);
      return r.externalId !== null && r.deleteRequestedAt === null && r;
    });
    expect(deletes).toEqual([{ to: number, isGroup: false, externalId: stored.externalId }]);
    expect(stored).toMatchObject({ isDeleted: true, ack: 1, error: null });
  });
});
