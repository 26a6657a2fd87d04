import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  flowBody,
  flowDuplicateBody,
  flowGraphBody,
  flowsQuery,
  flowUpdateBody,
  rowParams,
  type FlowGraphBody,
} from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listFlows } from './list-flows.js';
import { createFlow } from './create-flow.js';
import { updateFlow } from './update-flow.js';
import { deleteFlow } from './delete-flow.js';
import { duplicateFlow } from './duplicate-flow.js';
import { getFlowGraph } from './get-flow-graph.js';
import { saveFlowGraph } from './save-flow-graph.js';

const params = rowParams('flows');

/** `/flowbuilder`: flows and their graphs. No plan flag and no permission of their own: every staff member of the company. */
export const flowRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: flowsQuery } }, (req) => listFlows(req.ctx, req.query));

    app.post('/', { schema: { body: flowBody } }, async (req, reply) =>
      reply.status(201).send(await createFlow(req.ctx, req.body)),
    );

    app.put('/', { schema: { body: flowUpdateBody } }, (req) => updateFlow(req.ctx, req.body));

    app.delete('/:id', { schema: { params } }, async (req, reply) => {
      await deleteFlow(req.ctx, req.params.id);
      return reply.status(204).send();
    });

    app.post('/duplicate', { schema: { body: flowDuplicateBody } }, async (req, reply) =>
      reply.status(201).send(await duplicateFlow(req.ctx, req.body)),
    );

    app.get('/flow/:id', { schema: { params } }, (req) => getFlowGraph(req.ctx, req.params.id));

    // The schema's output is the graph as typed by the contracts (its refinements keep zod's inferred type loose).
    app.post('/flow', { schema: { body: flowGraphBody } }, (req) => saveFlowGraph(req.ctx, req.body as FlowGraphBody));
  };
