import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import {
  can,
  companyBody,
  companyUpdateBody,
  pageQuery,
  schedulesBody,
  signupBody,
  rowParams,
} from '@balcao/contracts';
import type { Ctx, Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { authSessions, companies, settings, users } from '../../db/schema/index.js';
import { invalid, isForeignKeyViolation, noPermission, notFound } from '../../platform/errors.js';
import { takeAttempt } from '../../platform/rate-events.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { createCompany } from './create-company.js';
import { loadCompanies } from './serialize-company.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('companies');

const SUPER = { permission: 'companies:manage' } as const;

/** Super users read any company; everyone else reads only their own (RLS answers the rest: 404). */
const readScope = <T>(ctx: Ctx, fn: (tx: Tx) => Promise<T>) => (ctx.actor.super ? ctx.platform(fn) : ctx.tenant(fn));

export const companyRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.post('/cadastro', { schema: { body: signupBody }, config: { public: true } }, async (req, reply) => {
      // Every attempt that passed the schema counts, before the work: a refused one (the email is
      // taken, the plan unknown) too, so concurrent signups cannot all pass one count. On doubt, deny.
      const limit = { kind: 'signup', key: `ip:${req.ip}`, max: 10, windowMinutes: 60 };
      await takeAttempt(deps.pools.platformDb, [limit]);
      const { company } = await runPlatform(deps, (tx) =>
        createCompany(tx, {
          name: req.body.name,
          email: req.body.email,
          phone: req.body.phone,
          planId: req.body.planId,
          admin: { name: req.body.userName ?? req.body.name, password: req.body.password },
        }),
      );
      const [view] = await runPlatform(deps, (tx) => loadCompanies(tx, company.id, null));
      return reply.status(201).send(view);
    });

    app.get('/list', { config: SUPER }, (req) => req.ctx.platform((tx) => loadCompanies(tx, undefined, req.ctx.actor)));

    app.get('/', { schema: { querystring: pageQuery }, config: SUPER }, async (req) => {
      const { searchParam, pageNumber } = req.query;
      const ids = await req.ctx.platform((tx) =>
        tx
          .select({ id: companies.id })
          .from(companies)
          .where(
            searchParam
              ? or(ilike(companies.name, likePattern(searchParam)), ilike(companies.email, likePattern(searchParam)))
              : undefined,
          )
          .orderBy(asc(companies.id))
          .limit(PAGE_SIZE + 1)
          .offset((pageNumber - 1) * PAGE_SIZE),
      );
      const { records, hasMore } = page(ids);
      const list = await req.ctx.platform((tx) =>
        loadCompanies(
          tx,
          records.map((r) => r.id),
          req.ctx.actor,
        ),
      );
      return { companies: list, hasMore };
    });

    app.get('/:id', { schema: { params } }, async (req) => {
      const [company] = await readScope(req.ctx, (tx) => loadCompanies(tx, req.params.id, req.ctx.actor));
      if (!company) throw notFound('company');
      return company;
    });

    app.get('/listPlan/:id', { schema: { params } }, async (req) => {
      const [company] = await readScope(req.ctx, (tx) => loadCompanies(tx, req.params.id, req.ctx.actor));
      if (!company) throw notFound('company');
      return company.plan;
    });

    app.post('/', { schema: { body: companyBody }, config: SUPER }, async (req, reply) => {
      const b = req.body;
      if (b.password && !b.email) throw invalid({ email: 'required' }, 'The first admin needs an email');
      const { company } = await req.ctx.platform((tx) =>
        createCompany(tx, {
          name: b.name,
          email: b.email ?? '',
          phone: b.phone,
          planId: b.planId,
          status: b.status,
          dueDate: b.dueDate,
          recurrence: b.recurrence,
          campaignsEnabled: b.campaignsEnabled,
          admin: b.password ? { name: b.name, password: b.password } : undefined,
        }),
      );
      const [view] = await req.ctx.platform((tx) => loadCompanies(tx, company.id, req.ctx.actor));
      return reply.status(201).send(view);
    });

    app.put('/:id', { schema: { params, body: companyUpdateBody }, config: SUPER }, async (req) => {
      const { password: _ignored, campaignsEnabled, ...fields } = req.body;
      const id = req.params.id;
      const save = req.ctx.platform(async (tx) => {
        const [row] = await tx
          .update(companies)
          .set({ ...fields, updatedAt: new Date() })
          .where(eq(companies.id, id))
          .returning({ id: companies.id });
        if (!row) throw notFound('company');
        if (campaignsEnabled !== undefined) {
          await tx
            .update(settings)
            .set({ value: campaignsEnabled ? 'enabled' : 'disabled', updatedAt: new Date() })
            .where(and(eq(settings.companyId, id), eq(settings.key, 'campaignsEnabled')));
        }
        return (await loadCompanies(tx, id, req.ctx.actor))[0];
      });
      return save.catch((err: unknown) => {
        // The only foreign key a company update can break is its plan's.
        if (isForeignKeyViolation(err)) throw invalid({ planId: 'notFound' }, 'Unknown plan');
        throw err;
      });
    });

    app.put('/:id/schedules', { schema: { params, body: schedulesBody } }, async (req) => {
      const { actor } = req.ctx;
      const own = actor.companyId === req.params.id;
      if (!actor.super && !own) throw notFound('company');
      if (!actor.super && !can(actor, 'settings:manage')) throw noPermission();
      const save = (tx: Tx) =>
        tx
          .update(companies)
          .set({ schedules: req.body.schedules, updatedAt: new Date() })
          .where(eq(companies.id, req.params.id))
          .returning({ id: companies.id, schedules: companies.schedules });
      const [row] = await (own ? req.ctx.tenant(save) : req.ctx.platform(save));
      if (!row) throw notFound('company');
      return row;
    });

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      if (req.params.id === req.ctx.actor.companyId)
        throw invalid({ id: 'ownCompany' }, 'You cannot delete your own company');
      const companyId = req.params.id;
      const sessions = await req.ctx.platform(async (tx) => {
        // Read before the delete cascades them away: its users' live sockets must be closed.
        const open = await tx
          .select({ id: authSessions.id, userId: authSessions.userId })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(and(eq(users.companyId, companyId), isNull(authSessions.endedAt)));
        const deleted = await tx.delete(companies).where(eq(companies.id, companyId)).returning({ id: companies.id });
        if (deleted.length === 0) throw notFound('company');
        return open;
      });
      for (const userId of new Set(sessions.map((s) => s.userId))) {
        const ids = sessions.filter((s) => s.userId === userId).map((s) => s.id);
        req.ctx.deps.realtime.endSessions(companyId, userId, ids, 'account-removed');
      }
      return reply.status(204).send();
    });
  };
