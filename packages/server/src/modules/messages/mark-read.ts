import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps, EventSink } from '../../platform/context.js';
import { contacts, messages, tickets } from '../../db/schema/index.js';
import type { TicketRow } from '../tickets/ticket-view.js';

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
    .returning({ externalId: messages.externalId });
  if (read.length === 0 && ticket.unreadMessages === 0) return undefined;
  await tx.update(tickets).set({ unreadMessages: 0 }).where(eq(tickets.id, ticket.id));
  events.push({
    companyId: ticket.companyId,
    topic: 'ticket',
    payload: { action: 'updateUnread', ticketId: ticket.id },
    audience: { to: 'ticket', queueId: ticket.queueId, userId: ticket.userId },
  });
  const externalIds = read.flatMap((r) => (r.externalId ? [r.externalId] : []));
  if (ticket.whatsappId === null || externalIds.length === 0) return undefined;
  const [contact] = await tx
    .select({ number: contacts.number })
    .from(contacts)
    .where(eq(contacts.id, ticket.contactId));
  return contact && { whatsappId: ticket.whatsappId, chatId: contact.number, externalIds };
}

/**
 * Read receipts to WhatsApp, through the live channel when this process holds the connection's
 * session. When another process holds it, nothing is sent: the messages are read here, and the
 * phone shows them read once anyone answers (a cross-process route, like the outbox's NOTIFY,
 * would be needed to do better). Fire and forget: a failed receipt is logged, never an error.
 */
export function sendReadReceipts(deps: Deps, receipt: ReadReceipt | undefined): void {
  if (!receipt) return;
  const channel = deps.sessions.local(receipt.whatsappId);
  if (!channel) return;
  channel
    .markRead(receipt.chatId, receipt.externalIds)
    .catch((err: unknown) => deps.log.warn({ err, whatsappId: receipt.whatsappId }, 'read receipts failed'));
}
