import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { contacts, whatsapps } from '../db/schema/index.js';
import { contactView } from '../modules/contacts/contact-view.js';
import { contactEvents } from '../modules/contacts/contact-events.js';
import { connectionEvents } from '../modules/connections/connection-events.js';
import type { ChannelEvents, ConnectionRef, EventsFor } from '../channels/channel.js';
import { GroupCommit } from './group-commit.js';
import { receiveBatch, type BatchItem, type BatchReceived } from './receive-batch.js';
import { applyStatuses, deliver, type Stores } from './deliver.js';
import { applyAcks, type AckResult } from './apply-acks.js';
import type { AckUpdate } from '../channels/channel.js';

/**
 * Concurrent batches of one company share a transaction (group-commit.ts): at most this many
 * messages, and two transactions at a time per company. One would cost less CPU (the second
 * mostly waits for the first's row locks: deliveries of one number share customers), but a
 * single slow commit would then hold up every delivery (measured: p99 in seconds on a busy box).
 */
const GROUP_MAX_MESSAGES = 500;
const GROUP_PARALLEL = 2;
/**
 * A company's second transaction starts only while fewer than this many run in all: with ten
 * busy companies each then stores its waiting deliveries in one batch (~6 messages instead of
 * ~1.4 with two each), paying the batch's fixed cost once (docs/bench/cloud-webhook.md).
 */
const GROUP_CROWD = 3;
/**
 * Acks of one connection share a transaction the same way: Meta posts a status per delivery, one
 * to three per message sent, so a campaign at hundreds of sends a second brings as many
 * deliveries, each of which would otherwise pay a transaction of its own.
 */
const ACKS_MAX = 1_000;

/**
 * The one door through which every provider's reports enter the pipeline (`ChannelEvents`),
 * made once per process in boot.ts and handed to the session registry and to the provider routes
 * that receive reports (the Cloud API webhook, the sandbox simulator). Its batches of one company
 * go through one group commit, whichever connection or provider they come from; the acks of one
 * connection through another.
 */
export function channelEventsFor(deps: Deps): EventsFor {
  const group = new GroupCommit<BatchItem, BatchReceived>((companyId, items) => receiveBatch(deps, companyId, items), {
    maxItems: GROUP_MAX_MESSAGES,
    parallel: GROUP_PARALLEL,
    crowd: GROUP_CROWD,
  });
  const connections = new Map<number, ConnectionRef>();
  const acks = new GroupCommit<AckUpdate, AckResult>(
    (connId, items) => applyAcks(deps, connections.get(connId)!, items),
    {
      maxItems: ACKS_MAX,
      parallel: GROUP_PARALLEL,
    },
  );
  const store: Stores = {
    batch: (companyId, items) => group.submit(companyId, items),
    acks: (conn, updates) => {
      connections.set(conn.id, { id: conn.id, companyId: conn.companyId });
      return acks.submit(conn.id, [...updates]);
    },
  };

  return (conn: ConnectionRef): ChannelEvents => {
    const ref = { id: conn.id, companyId: conn.companyId, provider: conn.provider };
    const door: ChannelEvents = {
      status: (update) => recordStatus(deps, ref, update),
      deliver: (batch) => deliver(deps, ref, batch, store),
      async message(message) {
        await door.deliver({ messages: [message] });
      },
      async ack(update) {
        await applyStatuses(store.acks, ref, [update]);
      },
      async update(update) {
        await door.deliver({ updates: [update] });
      },
      contact: (update) => recordContact(deps, ref, update),
    };
    return door;
  };
}

/** The connection's status on its row, and to the admins. */
async function recordStatus(deps: Deps, conn: ConnectionRef, update: Parameters<ChannelEvents['status']>[0]) {
  await runTenant(deps, conn.companyId, async (tx, events) => {
    const [row] = await tx
      .update(whatsapps)
      .set({
        status: update.status,
        qrcode: update.qrcode ?? '',
        retries: update.retries ?? 0,
        ...(update.number ? { number: update.number } : {}),
        // A session that gave up (QR codes unscanned, logged out) stays down until someone
        // asks again: it is not restarted on the next boot.
        ...(update.status === 'DISCONNECTED' ? { sessionWanted: false } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(whatsapps.id, conn.id))
      .returning({
        id: whatsapps.id,
        name: whatsapps.name,
        status: whatsapps.status,
        qrcode: whatsapps.qrcode,
        retries: whatsapps.retries,
        number: whatsapps.number,
        updatedAt: whatsapps.updatedAt,
      });
    if (row) {
      events.push(connectionEvents.session(conn.companyId, row));
    }
  });
}

/** What a session learnt of a contact (picture, device id), on the contact of that number. */
async function recordContact(deps: Deps, conn: ConnectionRef, update: Parameters<ChannelEvents['contact']>[0]) {
  await runTenant(deps, conn.companyId, async (tx, events) => {
    const [row] = await tx
      .update(contacts)
      .set({
        ...(update.profilePicUrl !== undefined ? { profilePicUrl: update.profilePicUrl } : {}),
        ...(update.lid ? { lid: update.lid } : {}),
        updatedAt: sql`now()`,
      })
      .where(eq(contacts.number, update.number))
      .returning();
    // As the API shows it: the device id (lid) stays inside.
    if (row) events.push(contactEvents.updated(conn.companyId, contactView(row)));
  });
}
