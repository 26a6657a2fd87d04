import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { connectionBody, connectionListQuery, connectionUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listConnections } from './list-connections.js';
import { getConnection } from './get-connection.js';
import { createConnection } from './create-connection.js';
import { updateConnection } from './update-connection.js';
import { deleteConnection } from './delete-connection.js';
import { renewToken } from './renew-token.js';
import { sessionAction } from './session-actions.js';
import { listTemplates } from '../templates/list-templates.js';
import { syncTemplates } from '../templates/sync-templates.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('whatsapps');

const ADD = { permission: 'connections-page:addConnection' } as const;
const EDIT = { permission: 'connections-page:editOrDeleteConnection' } as const;
const SESSION = { permission: 'connections-page:actionButtons' } as const;

/** `/whatsapp`: the company's connections. Everyone lists them; admins manage them. */
export const connectionRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: connectionListQuery } }, (req) => listConnections(req.ctx));

    app.get('/:id', { schema: { params } }, (req) => getConnection(req.ctx, req.params.id));

    app.post('/', { schema: { body: connectionBody }, config: ADD }, async (req, reply) =>
      reply.status(201).send(await createConnection(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: connectionUpdateBody }, config: EDIT }, (req) =>
      updateConnection(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: EDIT }, async (req, reply) => {
      await deleteConnection(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    /** A new random API token for the connection (the old one stops working at once). */
    app.post('/:id/token', { schema: { params }, config: { ...EDIT, input: { none: true } } }, (req) =>
      renewToken(req.ctx, req.params.id),
    );

    /** Cloud API message templates: everyone reads them (the composer's picker); admins sync them from Meta. */
    app.get('/:id/templates', { schema: { params } }, (req) => listTemplates(req.ctx, req.params.id));
    app.post('/:id/templates/sync', { schema: { params }, config: { ...EDIT, input: { none: true } } }, (req) =>
      syncTemplates(req.ctx, req.params.id),
    );
  };

/** `/whatsappsession/{id}`: POST starts or retries, PUT asks for a new QR code, DELETE disconnects. */
export const connectionSessionRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/:id', { schema: { params }, config: { ...SESSION, input: { none: true } } }, (req) =>
      sessionAction(req.ctx, req.params.id, 'start'),
    );
    app.put('/:id', { schema: { params }, config: { ...SESSION, input: { none: true } } }, (req) =>
      sessionAction(req.ctx, req.params.id, 'restart'),
    );
    app.delete('/:id', { schema: { params }, config: SESSION }, (req) =>
      sessionAction(req.ctx, req.params.id, 'logout'),
    );
  };
