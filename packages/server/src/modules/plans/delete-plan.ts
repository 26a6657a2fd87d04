import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { plans } from '../../db/schema/index.js';
import { invalid, isForeignKeyViolation, notFound } from '../../platform/errors.js';

/** `DELETE /plans/{id}` (super users): a plan companies still use stays (400 on `id`). */
export async function deletePlan(ctx: Ctx, id: number) {
  try {
    const deleted = await ctx.platform((tx) => tx.delete(plans).where(eq(plans.id, id)).returning());
    if (deleted.length === 0) throw notFound('plan');
  } catch (err) {
    if (isForeignKeyViolation(err)) throw invalid({ id: 'planInUse' }, 'This plan still has companies');
    throw err;
  }
}
