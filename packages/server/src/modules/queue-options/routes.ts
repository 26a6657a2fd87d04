import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queueOptionBody, queueOptionListQuery, queueOptionUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { assertQueue } from './lock-queue.js';
import { loadOption, optionTree, queueRows } from './option-view.js';
import { createOption, updateOption } from './save-option.js';
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
    /** One level (top when parentId is -1 or absent), ordered by number, each with its subtree. */
    app.get('/', { schema: { querystring: queueOptionListQuery } }, (req) =>
      req.ctx.tenant(async (tx) => {
        const { queueId, parentId } = req.query;
        await assertQueue(tx, queueId);
        return optionTree(await queueRows(tx, queueId), parentId);
      }),
    );

    app.get('/:id', { schema: { params } }, async (req) => {
      const option = await req.ctx.tenant((tx) => loadOption(tx, req.params.id));
      if (!option) throw notFound('queue option');
      return option;
    });

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
