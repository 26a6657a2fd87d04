import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { promptBody, promptsQuery, promptUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listPrompts } from './list-prompts.js';
import { getPrompt } from './get-prompt.js';
import { createPrompt } from './create-prompt.js';
import { updatePrompt } from './update-prompt.js';
import { deletePrompt } from './delete-prompt.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('prompts');
/** Admins, and only with the plan's useOpenAi. */
const config = { permission: 'prompts:manage', feature: 'useOpenAi' } as const;

/** `/prompt`: AI assistants answering a queue's customers until they hand them to attendants. */
export const promptRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: promptsQuery }, config }, (req) => listPrompts(req.ctx, req.query));

    app.get('/:id', { schema: { params }, config }, (req) => getPrompt(req.ctx, req.params.id));

    app.post('/', { schema: { body: promptBody }, config }, async (req, reply) =>
      reply.status(201).send(await createPrompt(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: promptUpdateBody }, config }, (req) =>
      updatePrompt(req.ctx, req.params.id, req.body),
    );

    // 200 {message}: the spec's page shows it as an info toast (delete-prompt.ts).
    app.delete('/:id', { schema: { params }, config }, (req) => deletePrompt(req.ctx, req.params.id));
  };
