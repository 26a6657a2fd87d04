/**
 * Inbox test support: queues, connections and contacts written straight to a company's scope
 * (their own endpoints are not what these tests exercise), customer messages arriving through
 * the real inbound pipeline (the app's door, `eventsFor`), channels that record what they are asked, and
 * socket listeners.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Socket } from 'socket.io-client';
import { and, eq } from 'drizzle-orm';
import { PROVIDERS } from '@balcao/contracts';
import type { TestApp } from './app.js';
import type { Tenant } from './factories.js';
import { inTenant, type Tx } from '../../src/db/client.js';
import { contacts, messages, queues, tickets, userQueues, whatsapps } from '../../src/db/schema/index.js';
import type { Channel, InboundMessage, OutboundMessage } from '../../src/channels/channel.js';
import { SessionRegistry, type ChannelFactory } from '../../src/channels/registry.js';
import { drainOutbox } from '../../src/modules/messages/outbox.js';
import { rawEvent } from './raw-event.js';

const uid = () => randomBytes(4).toString('hex');
export const phone = () => `55119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;

export const scoped = <T>(t: TestApp, companyId: number, fn: (tx: Tx) => Promise<T>) =>
  inTenant(t.running.deps.pools.db, companyId, fn);

export async function insertQueue(t: TestApp, companyId: number, patch: Partial<typeof queues.$inferInsert> = {}) {
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(queues)
      .values({ companyId, name: `Queue ${uid()}`, color: `#${randomBytes(3).toString('hex')}`, ...patch })
      .returning(),
  );
  return row!;
}

export async function setUserQueues(t: TestApp, companyId: number, userId: number, queueIds: number[]) {
  await scoped(t, companyId, async (tx) => {
    await tx.delete(userQueues).where(eq(userQueues.userId, userId));
    if (queueIds.length > 0)
      await tx.insert(userQueues).values(queueIds.map((queueId) => ({ companyId, userId, queueId })));
  });
}

/** A connection (no live session unless `sessionWanted` and the registry's next pass). */
export async function insertConnection(
  t: TestApp,
  companyId: number,
  patch: Partial<typeof whatsapps.$inferInsert> = {},
) {
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(whatsapps)
      .values({
        companyId,
        name: `Conn ${uid()}`,
        provider: 'sandbox',
        token: randomBytes(24).toString('base64url'),
        ...patch,
      })
      .returning(),
  );
  return row!;
}

export async function insertContact(t: TestApp, companyId: number, patch: Partial<typeof contacts.$inferInsert> = {}) {
  const number = patch.number ?? phone();
  const [row] = await scoped(t, companyId, (tx) =>
    tx
      .insert(contacts)
      .values({ companyId, name: `Contact ${uid()}`, number, ...patch })
      .returning(),
  );
  return row!;
}

export async function putSetting(tenant: Tenant, key: string, value: string) {
  const res = await tenant.admin.api.put(`/api/settings/${key}`, { value });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A customer's message arriving on a connection, through the real inbound pipeline. */
export async function inbound(
  t: TestApp,
  conn: { id: number; companyId: number },
  from: { number: string; name?: string; isGroup?: boolean },
  body: string,
  extra: Partial<InboundMessage> = {},
) {
  const message: InboundMessage = {
    externalId: `in-${uid()}${uid()}`,
    chatId: from.number,
    isGroup: from.isGroup ?? false,
    fromMe: false,
    contact: { number: from.number, name: from.name },
    timestamp: new Date(),
    type: 'chat',
    body,
    ...extra,
  };
  const summary = await t.running.eventsFor(conn).deliver({ messages: [message] });
  if (summary.stored !== 1) throw new Error(`message not stored: ${JSON.stringify(summary)}`);
  const [row] = await scoped(t, conn.companyId, (tx) =>
    tx
      .select({ messageId: messages.id, ticketId: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, message.externalId))),
  );
  return { stored: true as const, messageId: row!.messageId, ticketId: row!.ticketId };
}

/** The ticket row as stored (bypassing the API). */
export async function ticketRow(t: TestApp, companyId: number, id: number) {
  const [row] = await scoped(t, companyId, (tx) => tx.select().from(tickets).where(eq(tickets.id, id)));
  return row!;
}

export async function updateTicketRow(
  t: TestApp,
  companyId: number,
  id: number,
  set: Partial<typeof tickets.$inferInsert>,
) {
  await scoped(t, companyId, (tx) => tx.update(tickets).set(set).where(eq(tickets.id, id)));
}

/** Messages of a ticket as stored, oldest first. */
export async function storedMessages(t: TestApp, companyId: number, ticketId: number) {
  return scoped(t, companyId, (tx) =>
    tx.select().from(messages).where(eq(messages.ticketId, ticketId)).orderBy(messages.id),
  );
}

/** What recording channels were asked to do. */
export interface RecordingChannels {
  sent: Array<{ whatsappId: number; message: OutboundMessage }>;
  read: Array<{ whatsappId: number; chatId: string; externalIds: string[] }>;
}

/**
 * Replaces the app's session registry (the real one: leases, NOTIFY, outbox) by one whose
 * channels, for every provider, record sends and read receipts and succeed at once.
 */
export async function useRecordingChannels(t: TestApp): Promise<RecordingChannels> {
  const deps = t.running.deps;
  const log: RecordingChannels = { sent: [], read: [] };
  let sequence = 0;
  const factory: ChannelFactory = (conn): Channel => ({
    async start() {},
    async stop() {},
    async logout() {},
    async send(message) {
      log.sent.push({ whatsappId: conn.id, message });
      return { externalId: `out-${conn.id}-${++sequence}` };
    },
    async markRead(chatId, externalIds) {
      log.read.push({ whatsappId: conn.id, chatId, externalIds });
    },
    async checkNumber(number) {
      return { exists: true, number };
    },
  });
  await deps.sessions.stop();
  deps.sessions = new SessionRegistry(
    deps,
    Object.fromEntries(PROVIDERS.map((p) => [p, factory])),
    t.running.eventsFor,
    drainOutbox,
  );
  await deps.sessions.start();
  return log;
}

/** Every payload a socket hears on one event, and a way to wait for one that matches. */
export function listen<T = any>(socket: Socket, event: string) {
  const heard: T[] = [];
  socket.on(event, (payload: T) => heard.push(payload));
  return {
    heard,
    /** What was heard after `mark` (a length of `heard` taken earlier). */
    since: (mark: number) => heard.slice(mark),
    async waitFor(match: (payload: T) => boolean, what = event, ms = 5_000): Promise<T> {
      const deadline = Date.now() + ms;
      for (;;) {
        const found = heard.find(match);
        if (found !== undefined) return found;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; heard ${JSON.stringify(heard)}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}

/**
 * Resolves once every socket heard a marker event sent to the whole of each company after
 * everything before it: a socket receives events in order, so what it has not heard by then it
 * never will. `companyIds` must cover the companies of all the sockets.
 */
export async function settle(t: TestApp, companyIds: number[], sockets: Socket[]) {
  const marker = `settle-${uid()}`;
  const heard = sockets.map(
    (s) =>
      new Promise<void>((resolve) => {
        const on = (_event: string, payload?: { marker?: string }) => {
          if (payload?.marker !== marker) return;
          s.offAny(on);
          resolve();
        };
        s.onAny(on);
      }),
  );
  t.running.deps.realtime.publish(
    companyIds.map((companyId) => rawEvent(companyId, 'settings', { action: 'marker', marker }, { to: 'company' })),
  );
  await Promise.all(heard);
}
