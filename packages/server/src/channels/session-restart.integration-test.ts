import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDERS } from '@balcao/contracts';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { createPlan, createTenant, type Tenant } from '../../test/support/factories.js';
import { eventually } from '../../test/support/eventually.js';
import { inbound, phone, updateTicketRow } from '../../test/support/inbox.js';
import type { Channel } from './channel.js';
import { SessionRegistry, type ChannelFactory } from './registry.js';
import { drainOutbox } from '../modules/messages/outbox.js';
import { sessionsOf } from '../../test/support/app.js';

/**
 * Issue 11, point 5: creating a connection asks for a start, and "start" on the connections page
 * asks again while the first is still starting. The second start must restart the session (stop,
 * then start again), not leave it stopped until the registry's next pass (5 s); a read receipt
 * sent meanwhile must reach the new channel, not be dropped.
 */

/** How long a fake channel takes to start: the second request arrives while the first starts. */
const START_MS = 200;
/** "Well under" the registry's 5 s pass: the restart must not wait for it. */
const RESTARTED_WITHIN_MS = 1_500;
const ROUNDS = 8;

interface FakeChannel extends Channel {
  whatsappId: number;
  starting: boolean;
  stopped: boolean;
  reads: string[][];
}

let t: TestApp;
let tenant: Tenant;
const channels: FakeChannel[] = [];

/** Channels that take START_MS to start, then report CONNECTED unless stopped meanwhile. */
const slowStart: ChannelFactory = (conn, events) => {
  const channel: FakeChannel = {
    whatsappId: conn.id,
    starting: false,
    stopped: false,
    reads: [],
    async start() {
      channel.starting = true;
      await new Promise((r) => setTimeout(r, START_MS));
      if (!channel.stopped) await events.status({ status: 'CONNECTED', number: `55119${conn.id}` });
    },
    async stop() {
      channel.stopped = true;
    },
    async logout() {
      channel.stopped = true;
    },
    async send() {
      return { externalId: `out-${conn.id}-${Date.now()}` };
    },
    async markRead(_chatId, externalIds) {
      channel.reads.push(externalIds);
    },
    async checkNumber(number) {
      return { exists: true, number };
    },
  };
  channels.push(channel);
  return channel;
};

beforeAll(async () => {
  t = await startTestApp();
  const deps = t.running.deps;
  await deps.sessions.stop();
  deps.sessions = new SessionRegistry(
    deps,
    Object.fromEntries(PROVIDERS.map((p) => [p, slowStart])),
    t.running.eventsFor,
    drainOutbox,
  );
  await deps.sessions.start();
  tenant = await createTenant(t, { planId: (await createPlan(t, { connections: ROUNDS + 2 })).id });
});
afterAll(async () => {
  await t?.stop();
});

const channelsOf = (id: number) => channels.filter((c) => c.whatsappId === id);
const rowStatus = async (id: number) => (await tenant.admin.api.get(`/api/whatsapp/${id}`)).body.status as string;

describe('a second start while the session is starting', () => {
  it('restarts the session at once: a live channel, CONNECTED, that gets the read receipts sent meanwhile', async () => {
    const api = tenant.admin.api;
    for (let round = 0; round < ROUNDS; round++) {
      const created = await api.post('/api/whatsapp', { name: `Loja ${round}`, provider: 'sandbox' });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id as number;
      const first = await eventually(() => channelsOf(id).find((c) => c.starting), 6_000, `connection ${id} starting`);

      // The connections page's "start" while the first start is still under way.
      expect((await api.post(`/api/whatsappsession/${id}`)).status).toBe(200);
      const asked = Date.now();
      await eventually(() => first.stopped, 2_000, `the first channel of connection ${id} stopped`);

      // The agent reads a customer's message while the session restarts.
      const number = phone();
      const externalId = `wamid.${number}.1`;
      const { ticketId } = await inbound(t, { id, companyId: tenant.companyId }, { number }, 'Oi', { externalId });
      await updateTicketRow(t, tenant.companyId, ticketId, { status: 'open', userId: tenant.admin.id });
      expect((await api.get(`/api/messages/${ticketId}`)).status).toBe(200);

      const live = await eventually(
        () => sessionsOf(t).local(id),
        Math.max(0, asked + RESTARTED_WITHIN_MS - Date.now()),
        `a live channel for connection ${id} (round ${round}) within ${RESTARTED_WITHIN_MS} ms of the second start`,
      );
      await eventually(async () => (await rowStatus(id)) === 'CONNECTED', 1_000, `connection ${id} CONNECTED`);
      expect(Date.now() - asked).toBeLessThan(RESTARTED_WITHIN_MS);
      const reader = await eventually(() => channelsOf(id).find((c) => c.reads.length > 0), 1_000, 'the read receipt');
      expect(reader.reads).toEqual([[externalId]]);
      expect(reader).toBe(live);

      // It stays: the same channel, running, and the row's CONNECTED is true.
      for (let i = 0; i < 4; i++) {
        await new Promise((r) => setTimeout(r, 50));
        expect(sessionsOf(t).local(id)).toBe(live);
        expect(reader.stopped).toBe(false);
        expect(await rowStatus(id)).toBe('CONNECTED');
      }
      expect(channelsOf(id).filter((c) => !c.stopped)).toEqual([live]);
    }
  });
});
