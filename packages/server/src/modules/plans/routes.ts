import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import { planBody, planUpdateBody, rowParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import { invalid, isForeignKeyViolation, isUniqueViolation, notFound } from '../../platform/errors.js';

/** `/:id` names a row of this entity (the route table reads which). */
const params = rowParams('plans');

const SUPER = { permission: 'plans:manage' } as const;

/** Plans are platform data: anyone may list them (signup), only super users change them. */
export const planRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    const list = () => deps.pools.platformDb.select().from(plans).orderBy(asc(plans.value), asc(plans.id));

    app.get('/list', { config: { public: true } }, list);
    app.get('/all', {}, list);

    app.get('/:id', { schema: { params } }, async (req) => {
      const [plan] = await deps.pools.platformDb.select().from(plans).where(eq(plans.id, req.params.id));
      if (!plan) throw notFound('plan');
      return plan;
    });

    app.post('/', { schema: { body: planBody }, config: SUPER }, async (req, reply) => {
      const plan = await savePlan(deps, null, req.body);
      return reply.status(201).send(plan);
    });

    app.put('/:id', { schema: { params, body: planUpdateBody }, config: SUPER }, (req) =>
      savePlan(deps, req.params.id, req.body),
    );

    app.delete('/:id', { schema: { params }, config: SUPER }, async (req, reply) => {
      try {
        const deleted = await runPlatform(deps, (tx) =>
          tx.delete(plans).where(eq(plans.id, req.params.id)).returning(),
        );
        if (deleted.length === 0) throw notFound('plan');
      } catch (err) {
        if (isForeignKeyViolation(err)) throw invalid({ id: 'planInUse' }, 'This plan still has companies');
        throw err;
      }
      return reply.status(204).send();
    });
  };

async function savePlan(deps: Deps, id: number | null, body: Partial<typeof plans.$inferInsert>) {
  try {
    return await runPlatform(deps, async (tx) => {
      if (id === null)
        return (
          await tx
            .insert(plans)
            .values(body as typeof plans.$inferInsert)
            .returning()
        )[0]!;
      const [plan] = await tx
        .update(plans)
        .set({ ...body, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning();
      if (!plan) throw notFound('plan');
      return plan;
    });
  } catch (err) {
    if (isUniqueViolation(err, 'plans_name_key')) throw invalid({ name: 'duplicated' }, 'A plan with this name exists');
    throw err;
  }
}
