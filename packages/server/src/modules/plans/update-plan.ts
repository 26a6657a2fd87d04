import { eq } from 'drizzle-orm';
import type { Plan, PlanUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { duplicatePlanName } from './plan-name.js';

/** `PUT /plans/{id}` (super users): the fields given. */
export async function updatePlan(ctx: Ctx, id: number, input: PlanUpdateBody) {
  try {
    return await ctx.platform(async (tx) => {
      const [plan] = await tx
        .update(plans)
        .set({ ...input, updatedAt: new Date() })
        .where(eq(plans.id, id))
        .returning();
      if (!plan) throw notFound('plan');
      return plan;
    });
  } catch (err) {
    throw duplicatePlanName(err);
  }
}

wireMatches<Answer<typeof updatePlan>, Plan>(true);
