import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { kanbanQuery } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listKanban } from './list-kanban.js';

/** `/ticket/kanban`: the kanban board's tickets (plan feature useKanban). */
export const kanbanRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/kanban', { schema: { querystring: kanbanQuery }, config: { feature: 'useKanban' } }, (req) =>
      listKanban(req.ctx, req.query),
    );
  };
