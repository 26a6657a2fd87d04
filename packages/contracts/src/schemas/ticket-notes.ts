import { z } from 'zod';
import { ref, text } from './common.js';

/** `POST /ticket-notes`: a note of at least 2 characters on a ticket and its contact. */
export const ticketNoteBody = z.object({
  note: text().trim().min(2, 'tooShort').max(10_000, 'tooLong'),
  ticketId: ref('tickets'),
  contactId: ref('contacts'),
});
export type TicketNoteBody = z.infer<typeof ticketNoteBody>;

/** `GET /ticket-notes/list`: the notes of one ticket and its contact. */
export const ticketNoteListQuery = z.object({ ticketId: ref('tickets'), contactId: ref('contacts') });
export type TicketNoteListQuery = z.infer<typeof ticketNoteListQuery>;

export interface TicketNote {
  id: number;
  note: string;
  ticketId: number;
  contactId: number;
  userId: number | null;
  user: { id: number; name: string } | null;
  createdAt: string;
  updatedAt: string;
}
