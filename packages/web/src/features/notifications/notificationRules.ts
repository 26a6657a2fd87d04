/**
 * Which tickets the notifications pop-over lists (operations §2): the tickets with unread
 * messages the user can work — those assigned to them, and pending ones when their allTicket is
 * `enable` or they are an admin (admins may accept any ticket; their list holds every pending
 * one). The server already sends a socket only the tickets its user may see. Closed tickets
 * never show.
 */
import type { MessageFields, SessionUser, Ticket } from '@balcao/contracts';

/** Who the rules decide for: the signed-in user. */
type Me = Pick<SessionUser, 'id' | 'allTicket' | 'profile'>;

export function isNotified(ticket: Ticket, me: Me): boolean {
  if (ticket.status === 'closed' || !(ticket.unreadMessages > 0)) return false;
  if (ticket.userId === me.id) return true;
  return ticket.status === 'pending' && (me.allTicket === 'enable' || me.profile === 'admin');
}

const newestFirst = (a: Ticket, b: Ticket) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.id - a.id;

/**
 * The list after a ticket changed: kept (as the event brought it, whole) while it qualifies,
 * dropped otherwise. An older version than the one held is ignored (events may arrive out of order).
 */
export function mergeTicket(list: readonly Ticket[], ticket: Ticket, me: Me): Ticket[] {
  const held = list.find((t) => t.id === ticket.id);
  if (held && Date.parse(held.updatedAt) > Date.parse(ticket.updatedAt)) return [...list];
  const others = list.filter((t) => t.id !== ticket.id);
  return isNotified(ticket, me) ? [...others, ticket].sort(newestFirst) : others;
}

export const withoutTicket = (list: readonly Ticket[], id: number) => list.filter((t) => t.id !== id);

/**
 * A new message rings and pops a browser notification when it is the customer's, unread, not in
 * a group, on a ticket the pop-over lists — unless that very ticket is open in a visible tab.
 */
export function shouldAlert(
  message: Pick<MessageFields, 'fromMe' | 'read'>,
  ticket: Ticket,
  me: Me,
  openUuid: string | undefined,
  tabVisible: boolean,
): boolean {
  if (message.fromMe || message.read || ticket.isGroup) return false;
  if (!isNotified(ticket, me)) return false;
  return !(tabVisible && openUuid === ticket.uuid);
}
