import { and, desc, eq } from 'drizzle-orm';
import type { TicketNote, TicketNoteListQuery } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { ticketNotes } from '../../db/schema/index.js';
import { selectNotes, ticketOfNotes } from './ticket-note-view.js';

/** `GET /ticket-notes/list?ticketId=&contactId=`: the ticket's notes, newest first, as a bare array. */
export function listTicketNotes(ctx: Ctx, q: TicketNoteListQuery) {
  return ctx.tenant(async (tx) => {
    await ticketOfNotes(tx, ctx.actor, q.ticketId, q.contactId);
    return selectNotes(tx, and(eq(ticketNotes.ticketId, q.ticketId), eq(ticketNotes.contactId, q.contactId))).orderBy(
      desc(ticketNotes.createdAt),
      desc(ticketNotes.id),
    );
  });
}

wireMatches<Answer<typeof listTicketNotes>, TicketNote[]>(true);
