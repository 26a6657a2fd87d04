import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  quickMessageAllQuery,
  quickMessageBody,
  quickMessageListQuery,
  quickMessageUpdateBody,
  rowParams,
  QUICK_MESSAGE_FILE_FIELD,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { sendStoredFile } from '../../platform/serve-file.js';
import { allQuickMessages, listQuickMessages } from './list-quick-messages.js';
import { getQuickMessage } from './get-quick-message.js';
import { createQuickMessage } from './create-quick-message.js';
import { updateQuickMessage } from './update-quick-message.js';
import { deleteQuickMessage } from './delete-quick-message.js';
import { QUICK_MESSAGE_MULTIPART_OPTIONS } from './quick-message-media.js';
import { uploadQuickMessageMedia } from './upload-quick-message-media.js';
import { removeQuickMessageMedia } from './remove-quick-message-media.js';
import { quickMessageFile } from './quick-message-file.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('quickMessages');

/**
 * `/quick-messages`: each user's quick answers, `geral` ones shared with the company. Every
 * staff member calls these; quick-message-view.ts decides who reads (owner, everyone when
 * shared, admins) and who changes (owner, admins) an answer.
 */
export const quickMessageRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, QUICK_MESSAGE_MULTIPART_OPTIONS);

    app.get('/', { schema: { querystring: quickMessageListQuery } }, (req) => listQuickMessages(req.ctx, req.query));

    app.get('/list', { schema: { querystring: quickMessageAllQuery } }, (req) =>
      allQuickMessages(req.ctx, req.query.userId),
    );

    app.get('/:id', { schema: { params } }, (req) => getQuickMessage(req.ctx, req.params.id));

    app.post('/', { schema: { body: quickMessageBody } }, async (req, reply) =>
      reply.status(201).send(await createQuickMessage(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: quickMessageUpdateBody } }, (req) =>
      updateQuickMessage(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params } }, async (req, reply) => {
      await deleteQuickMessage(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/:id/media-upload',
      { schema: { params }, config: { input: { multipart: { files: QUICK_MESSAGE_FILE_FIELD } } } },
      (req) => uploadQuickMessageMedia(req.ctx, req.params.id, req),
    );

    app.delete('/:id/media-upload', { schema: { params } }, (req) => removeQuickMessageMedia(req.ctx, req.params.id));

    app.get('/:id/media', { schema: { params } }, async (req, reply) => {
      return sendStoredFile(reply, await quickMessageFile(req.ctx, req.params.id));
    });
  };
