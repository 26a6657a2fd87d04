import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { messageBody, messageIdParams, messageListQuery, ticketIdParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listMessages } from './list-messages.js';
import { sendMessage } from './send-message.js';
import { deleteMessage } from './delete-message.js';
import { MESSAGE_MULTIPART_OPTIONS, readMessageForm } from './read-message-form.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { messageFile } from './message-media.js';

/**
 * `/messages`: a ticket's thread. Every signed-in staff member calls these; the ticket's
 * visibility decides (404 otherwise). (`POST /messages/send`, the external API, is its own
 * module under the same prefix.)
 */
export const messageRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin: the composer's attachments and limits.
    await app.register(multipart, MESSAGE_MULTIPART_OPTIONS);

    app.get('/:ticketId', { schema: { params: ticketIdParams, querystring: messageListQuery } }, (req) =>
      listMessages(req.ctx, req.params.ticketId, req.query.pageNumber),
    );

    app.post(
      '/:ticketId',
      { schema: { params: ticketIdParams }, config: { input: { multipart: { files: 'medias' }, json: messageBody } } },
      async (req, reply) => {
        const form = await readMessageForm(req, deps.storage, req.ctx.actor.companyId);
        return reply.status(201).send(await sendMessage(req.ctx, req.params.ticketId, form));
      },
    );

    app.get('/:id/media', { schema: { params: messageIdParams } }, async (req, reply) =>
      sendStoredFile(reply, await messageFile(req.ctx, req.params.id)),
    );

    app.delete('/:id', { schema: { params: messageIdParams } }, (req) => deleteMessage(req.ctx, req.params.id));
  };
