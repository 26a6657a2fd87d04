import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { queueBody, queueUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listQueues } from './list-queues.js';
import { getQueue } from './get-queue.js';
import { createQueue } from './create-queue.js';
import { updateQueue } from './update-queue.js';
import { deleteQueue } from './delete-queue.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('queues');

const MANAGE = { permission: 'queues:manage' } as const;

/**
 * `/queue`: the company's queues. Every staff member reads them (transfer dialog, filters);
 * admins manage them. Another company's queue answers 404.
 */
export const queueRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', {}, (req) => listQueues(req.ctx));

    app.get('/:id', { schema: { params } }, (req) => getQueue(req.ctx, req.params.id));

    app.post('/', { schema: { body: queueBody }, config: MANAGE }, async (req, reply) =>
      reply.status(201).send(await createQueue(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: queueUpdateBody }, config: MANAGE }, (req) =>
      updateQueue(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: MANAGE }, async (req, reply) => {
      await deleteQueue(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
