import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { connectionBody, connectionListQuery, connectionUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { connectionViews, loadConnection } from './connection-view.js';
import { createConnection, deleteConnection, newToken, updateConnection } from './save-connection.js';
import { sessionAction } from './session-actions.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('whatsapps');

const ADD = { permission: 'connections-page:addConnection' } as const;
const EDIT = { permission: 'connections-page:editOrDeleteConnection' } as const;
const SESSION = { permission: 'connections-page:actionButtons' } as const;

/** `/whatsapp`: the company's connections. Everyone lists them; admins manage them. */
export const connectionRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: connectionListQuery } }, (req) =>
      req.ctx.tenant(async (tx) =>
        connectionViews(
          tx,
          await tx.select().from(whatsapps).orderBy(asc(whatsapps.name), asc(whatsapps.id)),
          req.ctx.actor,
        ),
      ),
    );

    app.get('/:id', { schema: { params } }, async (req) => {
      const view = await req.ctx.tenant((tx) => loadConnection(tx, req.params.id, req.ctx.actor));
      if (!view) throw notFound('connection');
      return view;
    });

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
    app.post('/:id/token', { schema: { params }, config: { ...EDIT, input: { none: true } } }, async (req) => {
      const token = newToken();
      const [row] = await req.ctx.tenant((tx) =>
        tx
          .update(whatsapps)
          .set({ token, updatedAt: new Date() })
          .where(eq(whatsapps.id, req.params.id))
          .returning({ id: whatsapps.id }),
      );
      if (!row) throw notFound('connection');
      return { id: row.id, token };
    });
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
