import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/** `DELETE /helps/{id}` (super users). */
export async function deleteHelp(ctx: Ctx, id: number) {
  const deleted = await ctx.platform((tx) => tx.delete(helps).where(eq(helps.id, id)).returning());
  if (deleted.length === 0) throw notFound('help');
}
