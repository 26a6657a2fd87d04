import { eq, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ticketNotes, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';

/** A note as the contact drawer shows it, with its author `{id, name}` (null once they are gone). */
export function selectNotes(tx: Tx, where: SQL | undefined) {
  return tx
    .select({
      id: ticketNotes.id,
      note: ticketNotes.note,
      ticketId: ticketNotes.ticketId,
      contactId: ticketNotes.contactId,
      userId: ticketNotes.userId,
      createdAt: ticketNotes.createdAt,
      updatedAt: ticketNotes.updatedAt,
      user: { id: users.id, name: users.name },
    })
    .from(ticketNotes)
    .leftJoin(users, eq(users.id, ticketNotes.userId))
    .where(where)
    .$dynamic();
}

/**
 * Notes belong to a ticket the caller may see (404 otherwise, like another company's) and to
 * that ticket's contact: another contact is a bad `contactId`.
 */
export async function ticketOfNotes(tx: Tx, actor: Actor, ticketId: number, contactId: number) {
  const { ticket } = await findVisibleTicket(tx, actor, ticketId);
  if (ticket.contactId !== contactId) throw invalid({ contactId: 'notTicketContact' }, "Not the ticket's contact");
  return ticket;
}
