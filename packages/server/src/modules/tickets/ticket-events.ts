import type { EventSink } from '../../platform/context.js';
import type { TicketView } from './ticket-view.js';

type Audience = { queueId: number | null; userId: number | null };

/**
 * `company-{id}-ticket {action:'update', ticket}` to whoever may see the ticket now (admins, its
 * queue's members — or allTicket users when queueless — and its user). When the ticket left
 * someone's view (another queue, another user), the old audience also hears
 * `{action:'delete', ticketId, updatedAt}`, published first. A socket in both audiences gets
 * both; `updatedAt` is the ticket's version after the change (the update's `ticket.updatedAt`),
 * so a client keeps a ticket whose held version is that new or newer whatever order the two
 * arrive in (the realtime hub does not guarantee the order of separate events today).
 */
export function pushTicketChange(events: EventSink, companyId: number, ticket: TicketView, before?: Audience) {
  if (before && leftSomeone(before, ticket)) pushTicketDelete(events, companyId, ticket.id, before, ticket.updatedAt);
  events.push({
    companyId,
    topic: 'ticket',
    payload: { action: 'update', ticket },
    audience: { to: 'ticket', queueId: ticket.queueId, userId: ticket.userId },
  });
}

export function pushTicketDelete(
  events: EventSink,
  companyId: number,
  ticketId: number,
  audience: Audience,
  updatedAt?: Date,
) {
  events.push({
    companyId,
    topic: 'ticket',
    payload: { action: 'delete', ticketId, ...(updatedAt ? { updatedAt } : {}) },
    audience: { to: 'ticket', queueId: audience.queueId, userId: audience.userId },
  });
}

/** Did anyone of the old audience lose the ticket? (A new queue, or its user replaced or cleared.) */
function leftSomeone(before: Audience, after: Audience): boolean {
  return before.queueId !== after.queueId || (before.userId !== null && before.userId !== after.userId);
}
