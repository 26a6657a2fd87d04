import { eq, sql } from 'drizzle-orm';
import { arrayParam, byShape } from '../../db/prepared.js';
import type { Tx } from '../../db/client.js';
import { tickets, type contacts, type messages } from '../../db/schema/index.js';
import { domainEvent, type DomainEvent } from '../../platform/domain-event.js';
import { ticketAudience, type TicketAudience } from '../tickets/ticket-events.js';
import type { TicketView } from '../tickets/ticket-view.js';

type MessageRow = typeof messages.$inferSelect;
type ContactRow = typeof contacts.$inferSelect;

/** A message as its events carry it: the stored row, with whether the bot sent it and who wrote it. */
export type MessageWritten = MessageRow & { fromBot?: boolean; contact?: ContactRow };

/** The `appMessage` topic, to whoever may see the message's ticket. */
export const messageEvents = {
  /** A new message with its whole ticket (and, from the pipeline, its contact): the inbox and the thread. */
  created: (companyId: number, message: MessageWritten, ticket: TicketView, contact?: ContactRow) =>
    domainEvent(
      companyId,
      'appMessage',
      { action: 'create', message, ticket, ...(contact ? { contact } : {}) },
      ticketAudience(ticket),
    ),
  /** Acknowledged, failed, edited, deleted, reacted to. */
  updated: (companyId: number, message: MessageRow, ticket: TicketAudience | undefined) =>
    domainEvent(
      companyId,
      'appMessage',
      { action: 'update', message },
      ticketAudience({ queueId: ticket?.queueId ?? null, userId: ticket?.userId ?? null }),
    ),
};

/** `messageEvents.updated` to whoever may see the message's ticket now (read in the transaction). */
export async function messageUpdated(tx: Tx, companyId: number, message: MessageRow): Promise<DomainEvent> {
  const [ticket] = await tx
    .select({ queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.id, message.ticketId));
  return messageEvents.updated(companyId, message, ticket);
}

/** `messageUpdated` for many messages, their tickets read in one query (the outbox's batches, acks). */
export async function messagesUpdated(tx: Tx, companyId: number, rows: readonly MessageRow[]): Promise<DomainEvent[]> {
  if (rows.length === 0) return [];
  const ticketIds = [...new Set(rows.map((r) => r.ticketId))];
  // One text whatever the count (a named statement: the outbox records every send through here).
  const audience = await byShape(
    tx,
    tx
      .select({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId })
      .from(tickets)
      .where(sql`${tickets.id} = any(${arrayParam(ticketIds)}::int[])`),
  );
  const byId = new Map(audience.map((t) => [t.id, t]));
  return rows.map((message) => messageEvents.updated(companyId, message, byId.get(message.ticketId)));
}
