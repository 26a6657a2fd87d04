import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { helpBody, helpUpdateBody, pageQuery, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { allHelps, listHelps } from './list-helps.js';
import { getHelp } from './get-help.js';
import { createHelp } from './create-help.js';
import { updateHelp } from './update-help.js';
import { deleteHelp } from './delete-help.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('helps');

const SUPER = { permission: 'helps:manage' } as const;

/** Help videos: every signed-in user lists them, super users manage them. */
export const helpRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/list', {}, (req) => allHelps(req.ctx));

    app.get('/', { schema: { querystring: pageQuery } }, (req) => listHelps(req.ctx, req.query));

    app.get('/:id', { schema: { params } }, (req) => getHelp(req.ctx, req.params.id));

    app.post('/', { schema: { body: helpBody }, config: SUPER }, async (req, reply) =>
      reply.status(201).send(await createHelp(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: helpUpdateBody }, config: SUPER }, (req) =>
      updateHelp(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      await deleteHelp(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
