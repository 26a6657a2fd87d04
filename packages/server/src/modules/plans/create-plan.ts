import type { Plan, PlanBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import { duplicatePlanName } from './plan-name.js';

/** `POST /plans` (super users). */
export async function createPlan(ctx: Ctx, input: PlanBody) {
  try {
    return await ctx.platform(async (tx) => (await tx.insert(plans).values(input).returning())[0]!);
  } catch (err) {
    throw duplicatePlanName(err);
  }
}

wireMatches<Answer<typeof createPlan>, Plan>(true);
