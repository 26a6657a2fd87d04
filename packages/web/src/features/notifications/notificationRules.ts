/**
 * Which tickets the notifications pop-over lists (operations §2): the tickets with unread
 * messages the user can work — those assigned to them, and pending ones when their allTicket is
 * `enable` or they are an admin (admins may accept any ticket; their list holds every pending
 * one). The server already sends a socket only the tickets its user may see. Closed tickets
 * never show.
 */
import type { MessageFields, SessionUser, TicketChange } from '@balcao/contracts';

/** Who the rules decide for: the signed-in user. */
type Me = Pick<SessionUser, 'id' | 'allTicket' | 'profile'>;

export function isNotified(ticket: TicketChange, me: Me): boolean {
  if (ticket.status === 'closed' || !(ticket.unreadMessages > 0)) return false;
  if (ticket.userId === me.id) return true;
  return ticket.status === 'pending' && (me.allTicket === 'enable' || me.profile === 'admin');
}

const newestFirst = (a: TicketChange, b: TicketChange) =>
  Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id;

/**
 * The list after a ticket changed: kept (with the fields the event brought, and the contact it
 * already had when the event carries none) while it qualifies, dropped otherwise. An older
 * version than the one held is ignored (events may arrive out of order).
 */
export function mergeTicket(list: readonly TicketChange[], ticket: TicketChange, me: Me): TicketChange[] {
  const held = list.find((t) => t.id === ticket.id);
  if (held && Date.parse(held.updatedAt) > Date.parse(ticket.updatedAt)) return [...list];
  const others = list.filter((t) => t.id !== ticket.id);
  const merged: TicketChange = { ...held, ...ticket, contact: ticket.contact ?? held?.contact };
  return isNotified(merged, me) ? [...others, merged].sort(newestFirst) : others;
}

export const withoutTicket = (list: readonly TicketChange[], id: number) => list.filter((t) => t.id !== id);

/**
 * A new message rings and pops a browser notification when it is the customer's, unread, not in
 * a group, on a ticket the pop-over lists — unless that very ticket is open in a visible tab.
 */
export function shouldAlert(
  message: Pick<MessageFields, 'fromMe' | 'read'>,
  ticket: TicketChange,
  me: Me,
  openUuid: string | undefined,
  tabVisible: boolean,
): boolean {
  if (message.fromMe || message.read || ticket.isGroup) return false;
  if (!isNotified(ticket, me)) return false;
  return !(tabVisible && openUuid === ticket.uuid);
}
