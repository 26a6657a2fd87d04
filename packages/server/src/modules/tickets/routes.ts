import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ticketBulkBody,
  ticketCreateBody,
  ticketListQuery,
  ticketUpdateBody,
  uuidParams,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listTickets } from './list-tickets.js';
import { listNotifiedTickets } from './list-notified.js';
import { getTicket } from './get-ticket.js';
import { createTicket } from './create-ticket.js';
import { updateTicket } from './update-ticket.js';
import { deleteTicket } from './delete-ticket.js';
import { ticketActivity } from './activity.js';
import { bulkTickets } from './bulk-tickets.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('tickets');

/**
 * `/tickets`. Every signed-in staff member calls these; what they reach is decided per ticket by
 * visibility.ts (a ticket they may not see answers 404, like another company's).
 */
export const ticketRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: ticketListQuery } }, (req) => listTickets(req.ctx, req.query));

    app.get('/notifications', (req) => listNotifiedTickets(req.ctx));

    app.get('/u/:uuid', { schema: { params: uuidParams } }, (req) => getTicket(req.ctx, { uuid: req.params.uuid }));

    app.get('/:id', { schema: { params } }, (req) => getTicket(req.ctx, { id: req.params.id }));

    app.get('/:id/activity', { schema: { params } }, (req) => ticketActivity(req.ctx, req.params.id));

    app.post('/', { schema: { body: ticketCreateBody } }, async (req, reply) =>
      reply.status(201).send(await createTicket(req.ctx, req.body)),
    );

    app.post('/bulk', { schema: { body: ticketBulkBody } }, (req) => bulkTickets(req.ctx, req.body));

    app.put('/:id', { schema: { params, body: ticketUpdateBody } }, (req) =>
      updateTicket(req.ctx, req.params.id, req.body),
    );

    app.delete(
      '/:id',
      { schema: { params }, config: { permission: 'ticket-options:deleteTicket' } },
      async (req, reply) => {
        await deleteTicket(req.ctx, req.params.id);
        return reply.status(204).send();
      },
    );
  };
