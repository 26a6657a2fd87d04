import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { planBody, planUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { listPlans } from './list-plans.js';
import { getPlan } from './get-plan.js';
import { createPlan } from './create-plan.js';
import { updatePlan } from './update-plan.js';
import { deletePlan } from './delete-plan.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('plans');

const SUPER = { permission: 'plans:manage' } as const;

/** Plans are platform data: anyone may list them (signup), only super users change them. */
export const planRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/list', { config: { public: true } }, () => listPlans(deps));
    app.get('/all', {}, () => listPlans(deps));

    app.get('/:id', { schema: { params } }, (req) => getPlan(req.ctx, req.params.id));

    app.post('/', { schema: { body: planBody }, config: SUPER }, async (req, reply) =>
      reply.status(201).send(await createPlan(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: planUpdateBody }, config: SUPER }, (req) =>
      updatePlan(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      await deletePlan(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
