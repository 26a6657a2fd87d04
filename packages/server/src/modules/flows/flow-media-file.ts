import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { flowMedia } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';

/**
 * `GET /flowbuilder/media?name=`: a file the flow API stored, for anyone of its company. Only
 * names recorded in `flow_media` are served (row-level security: another company's name is
 * unknown here, 404), so no other stored file of the company is reachable by its key.
 */
export async function flowMediaFile(ctx: Ctx, name: string) {
  const [row] = await ctx.tenant((tx) =>
    tx.select({ key: flowMedia.key, fileName: flowMedia.fileName }).from(flowMedia).where(eq(flowMedia.key, name)),
  );
  if (!row) throw notFound('media');
  const data = await ctx.deps.storage.get(row.key).catch((err: unknown) => {
    throw err instanceof MissingObject ? notFound('media') : err;
  });
  return { key: row.key, data, name: row.fileName };
}
