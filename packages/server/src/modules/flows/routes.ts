import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import {
  FLOW_MEDIA_FIELD,
  flowBody,
  flowDuplicateBody,
  flowGraphBody,
  flowMediaQuery,
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
import { sendStoredFile } from '../../platform/serve-file.js';
import { FLOW_MULTIPART_OPTIONS } from './flow-media.js';
import { uploadFlowMedia } from './upload-flow-media.js';
import { flowMediaFile } from './flow-media-file.js';

const params = rowParams('flows');
const upload = { input: { multipart: { files: FLOW_MEDIA_FIELD } } } as const;

/** `/flowbuilder`: flows and their graphs. No plan flag and no permission of their own: every staff member of the company. */
export const flowRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, FLOW_MULTIPART_OPTIONS);

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

    // img and audio answer `{name}` (the spec's node dialogs read `data.name`), content the names.
    app.post('/img', { config: upload }, async (req) => ({ name: (await uploadFlowMedia(req.ctx, 'img', req))[0]! }));

    app.post('/audio', { config: upload }, async (req) => ({
      name: (await uploadFlowMedia(req.ctx, 'audio', req))[0]!,
    }));

    app.post('/content', { config: upload }, (req) => uploadFlowMedia(req.ctx, 'content', req));

    app.get('/media', { schema: { querystring: flowMediaQuery } }, async (req, reply) =>
      sendStoredFile(reply, await flowMediaFile(req.ctx, req.query.name)),
    );
  };
