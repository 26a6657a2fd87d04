import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { contacts, messages, tickets } from '../db/schema/index.js';
import { messageUpdated } from '../modules/messages/message-events.js';
import { SendError, type Channel, type MediaType, type OutboundMessage } from './channel.js';
import { drainDeletes } from './outbox-deletes.js';

const RETRY_MS = 3_000;

/**
 * Sends a connection's queued outbound messages, oldest first, one at a time: a message leaves
 * only after the one before it. A send that may succeed later (connection down, throttled) stops
 * the drain and asks to be retried; a refused one is marked with its error and the drain goes on.
 * Deleted messages are never sent. Deletions waiting to reach WhatsApp go first (a delete does not
 * wait behind a long queue), and one whose message was being sent meanwhile right after that send.
 */
export async function drainOutbox(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  channel: Channel,
): Promise<{ sent: number; retryInMs?: number }> {
  let sent = 0;
  // A delete that must wait (session down) does not hold the sends back: they find out for themselves.
  let deletesWait = (await drainDeletes(deps, whatsappId, companyId, channel)).retry;
  for (;;) {
    const next = await runTenant(deps, companyId, async (tx) => {
      const [row] = await tx
        .select({ message: messages, number: contacts.number, isGroup: contacts.isGroup })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(
          and(
            eq(messages.whatsappId, whatsappId),
            eq(messages.fromMe, true),
            eq(messages.ack, 0),
            isNull(messages.error),
            eq(messages.isDeleted, false),
          ),
        )
        .orderBy(asc(messages.id))
        .limit(1);
      if (!row?.message.quotedMsgId) return row && { ...row, quoted: undefined };
      const [quoted] = await tx.select().from(messages).where(eq(messages.id, row.message.quotedMsgId));
      return { ...row, quoted };
    });
    if (!next) return deletesWait ? { sent, retryInMs: RETRY_MS } : { sent };

    const { message } = next;
    const outbound: OutboundMessage = {
      to: next.number,
      isGroup: next.isGroup,
      body: message.body,
      media: message.mediaUrl
        ? {
            data: await deps.storage.get(message.mediaUrl),
            mimetype: (message.data as { mimetype?: string } | null)?.mimetype ?? 'application/octet-stream',
            fileName: message.mediaName ?? 'file',
            type: message.mediaType as MediaType,
          }
        : undefined,
      quoted: next.quoted?.externalId
        ? {
            externalId: next.quoted.externalId,
            fromMe: next.quoted.fromMe,
            participant: next.quoted.participant ?? undefined,
          }
        : undefined,
    };
    let result: { externalId?: string; error?: string };
    try {
      result = await channel.send(outbound);
    } catch (err) {
      if (err instanceof SendError && err.retry) return { sent, retryInMs: RETRY_MS };
      result = { error: err instanceof Error ? err.message : String(err) };
    }
    const recorded = await runTenant(deps, companyId, async (tx, events) => {
      const [row] = await tx
        .update(messages)
        .set(
          result.externalId
            ? {
                externalId: result.externalId,
                ack: sql`greatest(${messages.ack}, 1)`,
                // Deleted while its send was under way: it went out after all, so it is deleted
                // on WhatsApp too (and the "deleted before sending" mark no longer holds).
                error: null,
                deleteRequestedAt: sql`case when ${messages.isDeleted} then now() end`,
                updatedAt: sql`now()`,
              }
            : { error: result.error ?? 'send failed', updatedAt: sql`now()` },
        )
        .where(eq(messages.id, message.id))
        .returning();
      if (row) events.push(await messageUpdated(tx, companyId, row));
      return row;
    });
    if (result.externalId) sent++;
    if (recorded?.deleteRequestedAt) deletesWait = (await drainDeletes(deps, whatsappId, companyId, channel)).retry;
  }
}
