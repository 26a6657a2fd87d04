import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketNoteBody, ticketNoteListQuery, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listTicketNotes } from './list-ticket-notes.js';
import { createTicketNote } from './create-ticket-note.js';
import { deleteTicketNote } from './delete-ticket-note.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('ticketNotes');

/**
 * `/ticket-notes`: internal notes on a ticket and its contact (never sent to the customer). The
 * ticket's visibility decides who reads and writes them; deleting is the author's or an admin's.
 */
export const ticketNoteRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/list', { schema: { querystring: ticketNoteListQuery } }, (req) => listTicketNotes(req.ctx, req.query));

    app.post('/', { schema: { body: ticketNoteBody } }, async (req, reply) =>
      reply.status(201).send(await createTicketNote(req.ctx, req.body)),
    );

    app.delete('/:id', { schema: { params } }, async (req, reply) => {
      await deleteTicketNote(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
