import { eq } from 'drizzle-orm';
import type { ImportView } from '@balcao/contracts';
import { imports } from '../../db/schema/index.js';
import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';

/** `GET /imports/:id` (platform operator): the import's state, counts and problems so far. */
export async function getImport(ctx: Ctx, id: string): Promise<ImportView> {
  const [row] = await ctx.platform((tx) => tx.select().from(imports).where(eq(imports.id, id)));
  if (!row) throw notFound('import');
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    dryRun: row.dryRun,
    report: row.report,
    errors: row.errors,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
