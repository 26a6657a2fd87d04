import type { TicketStatus } from '@balcao/contracts';
import { domainEvent, type Audience, type DomainEvent } from '../../platform/domain-event.js';
import type { TicketView } from './ticket-view.js';

/** Who may see a ticket: admins, its queue's members (or allTicket users when queueless), its user. */
export type TicketAudience = { queueId: number | null; userId: number | null };
export const ticketAudience = (t: TicketAudience): Audience => ({ to: 'ticket', queueId: t.queueId, userId: t.userId });

/** A ticket before a change: who saw it, and the list (status) it was in. */
export type TicketBefore = TicketAudience & { status: TicketStatus };

/**
 * Did the ticket leave a list someone holds? Another status (the lists are by status: the
 * spec's client drops a ticket from its tab only on a delete), a new queue, or its user replaced
 * or cleared.
 */
function leftSomeone(before: TicketBefore, after: TicketBefore): boolean {
  return (
    before.status !== after.status ||
    before.queueId !== after.queueId ||
    (before.userId !== null && before.userId !== after.userId)
  );
}

/** The `ticket` topic, to the ticket's audience; every update carries the whole view. */
export const ticketEvents = {
  /**
   * `{action:'update', ticket}` to whoever may see the ticket now. When the ticket left a list
   * (another status, queue or user), the old audience also hears `{action:'delete', ticketId,
   * updatedAt}`, first. A socket in both audiences gets both; `updatedAt` is the ticket's version
   * after the change, so a client keeps a ticket whose held version is that new or newer whatever
   * order the two arrive in. `before` is left out only where nothing of it can have changed
   * (a new ticket, its tags, a message stored).
   */
  changed(companyId: number, ticket: TicketView, before?: TicketBefore): DomainEvent[] {
    const update = domainEvent(companyId, 'ticket', { action: 'update', ticket }, ticketAudience(ticket));
    if (!before || !leftSomeone(before, ticket)) return [update];
    return [ticketEvents.deleted(companyId, ticket.id, before, ticket.updatedAt), update];
  },
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
