import type { contacts } from '../../db/schema/index.js';
import { domainEvent, type Audience, type DomainEvent } from '../../platform/domain-event.js';
import type { TicketRow, TicketView } from './ticket-view.js';

/** Who may see a ticket: admins, its queue's members (or allTicket users when queueless), its user. */
export type TicketAudience = { queueId: number | null; userId: number | null };
export const ticketAudience = (t: TicketAudience): Audience => ({ to: 'ticket', queueId: t.queueId, userId: t.userId });

/** A ticket as the message pipeline writes it: its own row, with its contact's when the event has it. */
export type TicketWritten = TicketRow & { contact?: typeof contacts.$inferSelect };

/** Did anyone of the old audience lose the ticket? (A new queue, or its user replaced or cleared.) */
function leftSomeone(before: TicketAudience, after: TicketAudience): boolean {
  return before.queueId !== after.queueId || (before.userId !== null && before.userId !== after.userId);
}

/** The `ticket` topic, to the ticket's audience. */
export const ticketEvents = {
  /**
   * `{action:'update', ticket}` to whoever may see the ticket now. When the ticket left someone's
   * view (another queue, another user), the old audience also hears `{action:'delete', ticketId,
   * updatedAt}`, first. A socket in both audiences gets both; `updatedAt` is the ticket's version
   * after the change, so a client keeps a ticket whose held version is that new or newer whatever
   * order the two arrive in.
   */
  changed(companyId: number, ticket: TicketView, before?: TicketAudience): DomainEvent[] {
    const update = domainEvent(companyId, 'ticket', { action: 'update', ticket }, ticketAudience(ticket));
    if (!before || !leftSomeone(before, ticket)) return [update];
    return [ticketEvents.deleted(companyId, ticket.id, before, ticket.updatedAt), update];
  },
  /** The pipeline's update of a ticket it wrote (own fields, maybe the contact): the web merges it. */
  written: (companyId: number, ticket: TicketWritten) =>
    domainEvent(companyId, 'ticket', { action: 'update', ticket }, ticketAudience(ticket)),
  /** Gone from `audience`'s view (deleted, or moved away: `updatedAt` is then the new version). */
  deleted: (companyId: number, ticketId: number, audience: TicketAudience, updatedAt?: Date) =>
    domainEvent(
      companyId,
      'ticket',
      { action: 'delete', ticketId, ...(updatedAt ? { updatedAt } : {}) },
      ticketAudience(audience),
    ),
  /** Its customer's messages were read: unread 0 (the list keeps its order). */
  read: (companyId: number, ticket: TicketAudience & { id: number }) =>
    domainEvent(companyId, 'ticket', { action: 'updateUnread', ticketId: ticket.id }, ticketAudience(ticket)),
};
