import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageParams, pageQuery, userBody, userUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { allUsers, listUsers } from './list-users.js';
import { getUser } from './get-user.js';
import { createUser } from './create-user.js';
import { updateUser } from './update-user.js';
import { deleteUser } from './delete-user.js';
import { setLanguage } from './set-language.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('users');

const ADMIN = { permission: 'users:manage' } as const;

export const userRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: pageQuery }, config: ADMIN }, (req) => listUsers(req.ctx, req.query));

    app.get('/list', {}, (req) => allUsers(req.ctx));

    app.get('/:id', { schema: { params } }, (req) => getUser(req.ctx, req.params.id));

    app.post('/', { schema: { body: userBody }, config: ADMIN }, async (req, reply) =>
      reply.status(201).send(await createUser(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: userUpdateBody } }, (req) =>
      updateUser(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: ADMIN }, async (req, reply) => {
      await deleteUser(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post(
      '/set-language/:lang',
      { schema: { params: languageParams }, config: { allowExpired: true, input: { none: true } } },
      (req) => setLanguage(req.ctx, req.params.lang),
    );
  };
