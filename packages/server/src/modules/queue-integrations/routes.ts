import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  integrationTestBody,
  queueIntegrationBody,
  queueIntegrationsQuery,
  queueIntegrationUpdateBody,
  rowParams,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listQueueIntegrations } from './list-queue-integrations.js';
import { getQueueIntegration } from './get-queue-integration.js';
import { createQueueIntegration } from './create-queue-integration.js';
import { updateQueueIntegration } from './update-queue-integration.js';
import { deleteQueueIntegration } from './delete-queue-integration.js';
import { testIntegrationSession } from './test-integration-session.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('queueIntegrations');
/** Admins (the records hold signing keys), and only with the plan's useIntegrations. */
const config = { permission: 'queue-integrations:manage', feature: 'useIntegrations' } as const;

/** `/queueIntegration`: outside services (or a flow) that hold a queue's conversations. */
export const queueIntegrationRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: queueIntegrationsQuery }, config }, (req) =>
      listQueueIntegrations(req.ctx, req.query),
    );

    app.get('/:id', { schema: { params }, config }, (req) => getQueueIntegration(req.ctx, req.params.id));

    app.post('/', { schema: { body: queueIntegrationBody }, config }, async (req, reply) =>
      reply.status(201).send(await createQueueIntegration(req.ctx, req.body)),
    );

    app.post('/testSession', { schema: { body: integrationTestBody }, config }, (req) =>
      testIntegrationSession(req.ctx, req.body),
    );

    app.put('/:id', { schema: { params, body: queueIntegrationUpdateBody }, config }, (req) =>
      updateQueueIntegration(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config }, async (req, reply) => {
      await deleteQueueIntegration(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
