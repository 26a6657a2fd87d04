import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queueOptionBody, queueOptionListQuery, queueOptionUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listOptions } from './list-options.js';
import { getOption } from './get-option.js';
import { createOption } from './create-option.js';
import { updateOption } from './update-option.js';
import { deleteOption } from './delete-option.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('queueOptions');

const MANAGE = { permission: 'queues:manage' } as const;

/**
 * `/queue-options`: the chatbot's option tree of a queue. Every staff member reads it; admins
 * edit it. A queue or option of another company answers 404.
 */
export const queueOptionRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: queueOptionListQuery } }, (req) => listOptions(req.ctx, req.query));

    app.get('/:id', { schema: { params } }, (req) => getOption(req.ctx, req.params.id));

    app.post('/', { schema: { body: queueOptionBody }, config: MANAGE }, async (req, reply) =>
      reply.status(201).send(await createOption(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: queueOptionUpdateBody }, config: MANAGE }, (req) =>
      updateOption(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: MANAGE }, async (req, reply) => {
      await deleteOption(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
