import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { companyBody, companyUpdateBody, pageQuery, schedulesBody, signupBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { signUp } from './sign-up.js';
import { allCompanies, listCompanies } from './list-companies.js';
import { getCompany, getCompanyPlan } from './get-company.js';
import { createCompany } from './create-company.js';
import { updateCompany } from './update-company.js';
import { updateCompanySchedules } from './update-company-schedules.js';
import { deleteCompany } from './delete-company.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('companies');

const SUPER = { permission: 'companies:manage' } as const;

/** `/companies`: public signup; super users manage every company, a company reads its own. */
export const companyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/cadastro', { schema: { body: signupBody }, config: { public: true } }, async (req, reply) =>
      reply.status(201).send(await signUp(deps, req.ip, req.body)),
    );

    app.get('/list', { config: SUPER }, (req) => allCompanies(req.ctx));

    app.get('/', { schema: { querystring: pageQuery }, config: SUPER }, (req) => listCompanies(req.ctx, req.query));

    app.get('/:id', { schema: { params } }, (req) => getCompany(req.ctx, req.params.id));

    app.get('/listPlan/:id', { schema: { params } }, (req) => getCompanyPlan(req.ctx, req.params.id));

    app.post('/', { schema: { body: companyBody }, config: SUPER }, async (req, reply) =>
      reply.status(201).send(await createCompany(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: companyUpdateBody }, config: SUPER }, (req) =>
      updateCompany(req.ctx, req.params.id, req.body),
    );

    app.put('/:id/schedules', { schema: { params, body: schedulesBody } }, (req) =>
      updateCompanySchedules(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      await deleteCompany(req.ctx, req.params.id);
      return reply.status(204).send();
    });
  };
