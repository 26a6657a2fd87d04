import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Plan } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /plans/{id}`: plans are platform data, readable by every signed-in user. */
export async function getPlan(ctx: Ctx, id: number) {
  const [plan] = await ctx.deps.pools.platformDb.select().from(plans).where(eq(plans.id, id));
  if (!plan) throw notFound('plan');
  return plan;
}

wireMatches<Answer<typeof getPlan>, Plan>(true);
