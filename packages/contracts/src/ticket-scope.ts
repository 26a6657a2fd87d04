/**
 * Which tickets a staff member's ticket list holds without show-all: one rule for the server's
 * list (and its SQL twin in the server's tickets/visibility.ts) and the web's live lists.
 * - "mine": the tickets of my queues, the queueless ones when my allTicket is on, and the
 *   tickets assigned to me;
 * - an admin also holds every pending ticket, queueless or in any queue: admins may accept any
 *   ticket, and a new company's admin (no queues, allTicket off) would otherwise not see its
 *   first customer. Other people's open tickets stay behind show-all.
 */
export interface TicketViewer {
  userId: number;
  admin: boolean;
  queueIds: number[];
  allTicket: boolean;
}

type Placed = { queueId: number | null; userId: number | null };

/** The "mine" scope: own queues, queueless with allTicket, assigned to me. Admins are not special here. */
export function inMyScope(viewer: TicketViewer, ticket: Placed): boolean {
  if (ticket.userId !== null && ticket.userId === viewer.userId) return true;
  if (ticket.queueId === null) return viewer.allTicket;
  return viewer.queueIds.includes(ticket.queueId);
}

/** The list's default scope: "mine", plus every pending ticket for an admin. */
export function inListScope(viewer: TicketViewer, ticket: Placed & { status: string }): boolean {
  return inMyScope(viewer, ticket) || (viewer.admin && ticket.status === 'pending');
}
