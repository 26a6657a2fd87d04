import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { messages, tickets } from '../db/schema/index.js';
import type { InboundMessage } from '../channels/channel.js';
import { extensionFor, sanitizeFileName, type Storage } from '../platform/storage.js';
import { liveTicket, upsertContact } from './find-or-create.js';
import { previewOf } from './preview.js';
import { afterReceive } from './after-receive.js';

export interface ConnectionRef {
  id: number;
  companyId: number;
}

export type Received = { stored: true; messageId: number; ticketId: number } | { stored: false; reason: 'duplicate' | 'ignored' };

/**
 * Stores an inbound message exactly once, with its contact and ticket, and publishes it. Runs
 * before anything reacts (chatbot, integrations), which read what this stored.
 *
 * Exactly once: a transaction-scoped advisory lock on (connection, external id) lines up
 * concurrent deliveries of the same message; the first stores it, the others find it stored.
 * The unique index (whatsapp_id, external_id) backs this up.
 */
export async function receiveMessage(
  deps: Deps,
  conn: ConnectionRef,
  msg: InboundMessage,
  opts: { ignoreGroups?: boolean } = {},
): Promise<Received> {
  if (opts.ignoreGroups && msg.isGroup) return { stored: false, reason: 'ignored' };
  const media = msg.media ? await saveMedia(deps.storage, conn.companyId, msg.media) : undefined;

  let committed: typeof tickets.$inferSelect | undefined;
  return runTenant(deps, conn.companyId, async (tx, events) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${conn.id}, hashtext(${msg.externalId}))`);
    const [seen] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, msg.externalId)));
    if (seen) return { stored: false, reason: 'duplicate' } as const;

    const contact = await upsertContact(tx, conn.companyId, {
      number: msg.contact.number,
      // Our own phone's push name is not the customer's.
      name: msg.fromMe ? undefined : msg.contact.name,
      lid: msg.contact.lid,
      isGroup: msg.isGroup,
      whatsappId: conn.id,
    });
    const { ticket } = await liveTicket(tx, conn.companyId, contact.id, conn.id, msg.isGroup);
    const quoted = msg.quotedExternalId
      ? (
          await tx
            .select({ id: messages.id })
            .from(messages)
            .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, msg.quotedExternalId)))
        )[0]
      : undefined;
    const [message] = await tx
      .insert(messages)
      .values({
        companyId: conn.companyId,
        ticketId: ticket.id,
        contactId: contact.id,
        whatsappId: conn.id,
        externalId: msg.externalId,
        body: msg.body,
        fromMe: msg.fromMe,
        // A message sent from the phone itself is already on WhatsApp: never queued.
        ack: msg.fromMe ? 1 : 0,
        read: msg.fromMe,
        mediaType: msg.type,
        mediaUrl: media?.key ?? null,
        mediaName: media?.name ?? null,
        quotedMsgId: quoted?.id ?? null,
        quotedExternalId: msg.quotedExternalId ?? null,
        participant: msg.participant?.number ?? null,
        createdAt: msg.timestamp,
      })
      .returning();
    const [updated] = await tx
      .update(tickets)
      .set({
        lastMessage: previewOf(msg.type, msg.body),
        unreadMessages: msg.fromMe ? tickets.unreadMessages : sql`${tickets.unreadMessages} + 1`,
        lastCustomerMessageAt: msg.fromMe ? tickets.lastCustomerMessageAt : sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(eq(tickets.id, ticket.id))
      .returning();
    events.push(
      {
        companyId: conn.companyId,
        topic: 'appMessage',
        payload: { action: 'create', message: { ...message, contact }, ticket: updated, contact },
        audience: { to: 'ticket', queueId: updated!.queueId, userId: updated!.userId },
      },
      {
        companyId: conn.companyId,
        topic: 'ticket',
        payload: { action: 'update', ticket: { ...updated, contact } },
        audience: { to: 'ticket', queueId: updated!.queueId, userId: updated!.userId },
      },
    );
    committed = updated;
    return { stored: true, messageId: message!.id, ticketId: ticket.id } as const;
  }).then((received) => afterReceive(deps, conn, msg, received, committed));
}

export async function saveMedia(storage: Storage, companyId: number, media: NonNullable<InboundMessage['media']>) {
  const data = await media.download();
  const key = await storage.put(companyId, data, extensionFor(media.mimetype, media.fileName));
  return { key, name: sanitizeFileName(media.fileName, key.split('/').pop()) };
}
