import { eq } from 'drizzle-orm';
import { can } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { ticketNotes } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';

/**
 * `DELETE /ticket-notes/{id}`: by its author, or by a holder of `ticket-notes:deleteAny`
 * (admins); anyone else who sees it gets 403. A note of a ticket the caller may not see is 404.
 */
export function deleteTicketNote(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const [note] = await tx
      .select({ userId: ticketNotes.userId, ticketId: ticketNotes.ticketId })
      .from(ticketNotes)
      .where(eq(ticketNotes.id, id))
      .for('update');
    if (!note) throw notFound('note');
    await findVisibleTicket(tx, actor, note.ticketId);
    if (note.userId !== actor.userId && !can(actor, 'ticket-notes:deleteAny'))
      throw noPermission('Only its author or an admin deletes a note');
    await tx.delete(ticketNotes).where(eq(ticketNotes.id, id));
  });
}
