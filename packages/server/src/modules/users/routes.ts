import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ilike, isNull, or } from 'drizzle-orm';
import { can, languageParams, pageQuery, userBody, userUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { authSessions, users } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { loadUser, userColumns, withQueues } from './user-view.js';
import { createUser } from './create-user.js';
import { updateUser } from './update-user.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('users');

const ADMIN = { permission: 'users:manage' } as const;

export const userRoutes =
  (_deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/', { schema: { querystring: pageQuery }, config: ADMIN }, (req) =>
      req.ctx.tenant(async (tx) => {
        const { searchParam, pageNumber } = req.query;
        const rows = await tx
          .select(userColumns)
          .from(users)
          .where(
            searchParam
              ? or(ilike(users.name, likePattern(searchParam)), ilike(users.email, likePattern(searchParam)))
              : undefined,
          )
          .orderBy(asc(users.name), asc(users.id))
          .limit(PAGE_SIZE + 1)
          .offset((pageNumber - 1) * PAGE_SIZE);
        const { records, hasMore } = page(rows);
        return { users: await withQueues(tx, records), hasMore };
      }),
    );

    /** Everyone may list colleagues (transfer dialogs, filters): names and queues only. */
    app.get('/list', {}, (req) =>
      req.ctx.tenant(async (tx) => {
        const rows = await tx
          .select({ id: users.id, name: users.name, profile: users.profile, online: users.online })
          .from(users)
          .orderBy(asc(users.name));
        return withQueues(tx, rows);
      }),
    );

    app.get('/:id', { schema: { params } }, async (req) => {
      const { actor } = req.ctx;
      if (!can(actor, 'users:manage') && req.params.id !== actor.userId) throw notFound('user');
      const user = await req.ctx.tenant((tx) => loadUser(tx, req.params.id));
      if (!user) throw notFound('user');
      return user;
    });

    app.post('/', { schema: { body: userBody }, config: ADMIN }, async (req, reply) =>
      reply.status(201).send(await createUser(req.ctx, req.body)),
    );

    app.put('/:id', { schema: { params, body: userUpdateBody } }, (req) =>
      updateUser(req.ctx, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: ADMIN }, async (req, reply) => {
      const { actor } = req.ctx;
      if (req.params.id === actor.userId) throw invalid({ id: 'self' }, 'You cannot delete yourself');
      const sessionIds = await req.ctx.tenant(async (tx, events) => {
        // Read before the delete cascades them away: the user's live sockets must be closed.
        const sessions = await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .innerJoin(users, eq(users.id, authSessions.userId))
          .where(and(eq(authSessions.userId, req.params.id), isNull(authSessions.endedAt)));
        const deleted = await tx.delete(users).where(eq(users.id, req.params.id)).returning({ id: users.id });
        if (deleted.length === 0) throw notFound('user');
        events.push({
          companyId: actor.companyId,
          topic: 'user',
          payload: { action: 'delete', userId: req.params.id },
          audience: { to: 'company' },
        });
        return sessions.map((s) => s.id);
      });
      req.ctx.deps.realtime.endSessions(actor.companyId, req.params.id, sessionIds, 'account-removed');
      return reply.status(204).send();
    });

    app.post(
      '/set-language/:lang',
      { schema: { params: languageParams }, config: { allowExpired: true, input: { none: true } } },
      async (req) => {
        const { actor } = req.ctx;
        await req.ctx.tenant((tx) =>
          tx.update(users).set({ language: req.params.lang, updatedAt: new Date() }).where(eq(users.id, actor.userId)),
        );
        return { language: req.params.lang };
      },
    );
  };
