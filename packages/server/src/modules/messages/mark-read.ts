import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps, EventSink } from '../../platform/context.js';
import { contacts, messages, tickets } from '../../db/schema/index.js';
import type { TicketRow } from '../tickets/ticket-view.js';
import { ticketEvents } from '../tickets/ticket-events.js';

export interface ReadReceipt {
  whatsappId: number;
  chatId: string;
  externalIds: string[];
}

/**
 * Marks the customer's messages of a ticket read: unreadMessages 0 (updatedAt untouched, so the
 * list keeps its order) and `company-{id}-ticket {action:'updateUnread', ticketId}` to the
 * ticket's audience. Returns what to acknowledge on WhatsApp, if anything was unread.
 */
export async function markTicketRead(
  tx: Tx,
  events: EventSink,
  ticket: Pick<TicketRow, 'id' | 'companyId' | 'queueId' | 'userId' | 'unreadMessages' | 'whatsappId' | 'contactId'>,
): Promise<ReadReceipt | undefined> {
  const read = await tx
    .update(messages)
    .set({ read: true })
    .where(and(eq(messages.ticketId, ticket.id), eq(messages.read, false), eq(messages.fromMe, false)))
    .returning({ id: messages.id, externalId: messages.externalId });
  if (read.length === 0 && ticket.unreadMessages === 0) return undefined;
  await tx.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
  events.push(ticketEvents.read(ticket.companyId, ticket));
  // Oldest first: RETURNING has no order, and the newest id is the one that counts on WhatsApp.
  read.sort((x, y) => x.id - y.id);
  const externalIds = read.flatMap((r) => (r.externalId ? [r.externalId] : []));
  if (ticket.whatsappId === null || externalIds.length === 0) return undefined;
  const [contact] = await tx
    .select({ number: contacts.number })
    .from(contacts)
    .where(eq(contacts.id, ticket.contactId));
  return contact && { whatsappId: ticket.whatsappId, chatId: contact.number, externalIds };
}

/**
 * Read receipts to WhatsApp, through whichever process holds the connection's session (the
 * registry forwards them by NOTIFY). Fire and forget: a failed receipt is logged, never an error.
 */
export function sendReadReceipts(deps: Deps, receipt: ReadReceipt | undefined): void {
  if (!receipt) return;
  void deps.sessions.markRead(receipt.whatsappId, receipt.chatId, receipt.externalIds);
}
