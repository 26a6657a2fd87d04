import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq, ilike, or } from 'drizzle-orm';
import { helpBody, helpUpdateBody, pageQuery, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { PAGE_SIZE, page, likePattern } from '../../platform/pagination.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('helps');

const SUPER = { permission: 'helps:manage' } as const;

/** Help videos: every signed-in user lists them, super users manage them. */
export const helpRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const db = deps.pools.platformDb;

    app.get('/list', {}, () => db.select().from(helps).orderBy(asc(helps.id)));

    app.get('/', { schema: { querystring: pageQuery } }, async (req) => {
      const { searchParam, pageNumber } = req.query;
      const where = searchParam
        ? or(ilike(helps.title, likePattern(searchParam)), ilike(helps.description, likePattern(searchParam)))
        : undefined;
      const rows = await db
        .select()
        .from(helps)
        .where(where)
        .orderBy(asc(helps.id))
        .limit(PAGE_SIZE + 1)
        .offset((pageNumber - 1) * PAGE_SIZE);
      const { records, hasMore } = page(rows);
      return { helps: records, hasMore };
    });

    app.get('/:id', { schema: { params } }, async (req) => {
      const [help] = await db.select().from(helps).where(eq(helps.id, req.params.id));
      if (!help) throw notFound('help');
      return help;
    });

    app.post('/', { schema: { body: helpBody }, config: SUPER }, async (req, reply) => {
      const [help] = await runPlatform(deps, (tx) => tx.insert(helps).values(req.body).returning());
      return reply.status(201).send(help);
    });

    app.put('/:id', { schema: { params, body: helpUpdateBody }, config: SUPER }, async (req) => {
      const [help] = await runPlatform(deps, (tx) =>
        tx
          .update(helps)
          .set({ ...req.body, updatedAt: new Date() })
          .where(eq(helps.id, req.params.id))
          .returning(),
      );
      if (!help) throw notFound('help');
      return help;
    });

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      const deleted = await runPlatform(deps, (tx) => tx.delete(helps).where(eq(helps.id, req.params.id)).returning());
      if (deleted.length === 0) throw notFound('help');
      return reply.status(204).send();
    });
  };
