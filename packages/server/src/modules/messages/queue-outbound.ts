import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Uow } from '../../platform/context.js';
import { messages, tickets } from '../../db/schema/index.js';
import type { MediaType } from '@balcao/contracts';
import { previewOf } from './preview.js';
import { insertMessageRows, QUEUED_OUTBOUND } from './message-rows.js';
import type { QueuedTemplate } from '../templates/template-message.js';
import { tableRows } from '../../db/table-rows.js';
import { messageEvents } from './message-events.js';
import { ticketEvents } from '../tickets/ticket-events.js';
import { loadTicketViews } from '../tickets/ticket-view.js';
import { executeByShape } from '../../db/prepared.js';
import { currentRequestId } from '../../platform/request-id.js';

const messageRows = tableRows(messages);

export interface OutboundInput {
  companyId: number;
  ticketId: number;
  whatsappId: number;
  body: string;
  /** Who sends it: a user, or null for the bot / the external API. */
  userId: number | null;
  /** Sent by the chatbot or a time rule: stored as `data.bot`, shown as `fromBot`. */
  bot?: boolean;
  media?: { key: string; name: string; mimetype: string; type: MediaType };
  quotedMsgId?: number | null;
  /** Cloud API: sent as this template (`data.template`); `body` is its filled BODY. */
  template?: QueuedTemplate;
  /** More for the ticket's update that records this message (one write instead of two). */
  ticketPatch?: PgUpdateSetSource<typeof tickets>;
}

/**
 * Stores an outbound message as queued (ack 0), inside the caller's unit of work, and registers
 * the kick of the connection's outbox after its commit; the session's holder then sends it in
 * order and records the acknowledgements. Nothing is sent before it is stored.
 */
export async function queueOutbound({ tx, events, afterCommit }: Uow, input: OutboundInput) {
  const mediaType = input.media?.type ?? 'chat';
  const insert = insertMessageRows({
    companyId: input.companyId,
    ticketId: input.ticketId,
    whatsappId: input.whatsappId,
    body: input.body,
    ...QUEUED_OUTBOUND,
    mediaType,
    mediaUrl: input.media?.key ?? null,
    mediaName: input.media?.name ?? null,
    data:
      input.media || input.bot || input.template
        ? {
            ...(input.media ? { mimetype: input.media.mimetype } : {}),
            ...(input.bot ? { bot: true } : {}),
            ...(input.template ? { template: input.template } : {}),
          }
        : null,
    quotedMsgId: input.quotedMsgId ?? null,
    userId: input.userId,
    // The request (or the job it queued) that asked for it: the send, in whichever process, logs under it.
    requestId: currentRequestId() ?? null,
  });
  const update = tx
    .update(tickets)
    .set({
      ...input.ticketPatch,
      lastMessage: previewOf(mediaType, input.body),
      lastMessageAt: sql`now()`,
      // A person's message starts the silence the expiry rule measures (not the bot's, not the API's).
      ...(input.userId !== null ? { lastAgentMessageAt: sql`now()` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(tickets.id, input.ticketId));
  // A person's first message after the customer's first one answers the cycle (the attendance
  // report's first response; not the bot's, not the API's, as for the expiry's silence above).
  const responded =
    input.userId !== null
      ? sql`, r as (update ticket_tracking set first_response_at = now()
                     where ticket_id = ${input.ticketId} and finished_at is null
                       and first_customer_at is not null and first_response_at is null)`
      : sql``;
  // One statement, one round trip: the message and its ticket's update side by side.
  const { rows } = await executeByShape<{ message: Record<string, unknown> }>(
    tx,
    sql`
    with m as (${insert} returning *), t as (${update.getSQL()})${responded}
    select (select to_jsonb(x) from (select ${messageRows.list('m')} from m) x) as message`,
  );
  const message = messageRows.map(rows[0]!.message);
  // The events carry the ticket whole, as written (the statement's own reads cannot see it).
  const ticket = (await loadTicketViews(tx, [input.ticketId]))[0]!;
  events.push(
    messageEvents.created(input.companyId, { ...message, fromBot: input.bot === true }, ticket),
    ...ticketEvents.changed(input.companyId, ticket),
  );
  afterCommit.kickOutbox(input.whatsappId);
  return message;
}
