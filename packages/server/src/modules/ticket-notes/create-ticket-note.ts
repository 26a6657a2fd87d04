import { eq } from 'drizzle-orm';
import type { TicketNote, TicketNoteBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { ticketNotes } from '../../db/schema/index.js';
import { selectNotes, ticketOfNotes } from './ticket-note-view.js';

/** `POST /ticket-notes`: a note by the caller on a ticket they may see, for its contact. */
export function createTicketNote(ctx: Ctx, input: TicketNoteBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    await ticketOfNotes(tx, actor, input.ticketId, input.contactId);
    const [row] = await tx
      .insert(ticketNotes)
      .values({
        companyId: actor.companyId,
        note: input.note,
        ticketId: input.ticketId,
        contactId: input.contactId,
        userId: actor.userId,
      })
      .returning({ id: ticketNotes.id });
    const [note] = await selectNotes(tx, eq(ticketNotes.id, row!.id));
    return note!;
  });
}

wireMatches<Answer<typeof createTicketNote>, TicketNote>(true);
