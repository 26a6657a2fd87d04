import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { fileListOptions } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';

/** `GET /files/{id}/options/{optionId}/media`: an option's file, for anyone of the company. */
export async function optionFile(ctx: Ctx, fileListId: number, optionId: number) {
  const [row] = await ctx.tenant((tx) =>
    tx
      .select({ path: fileListOptions.path, fileName: fileListOptions.fileName })
      .from(fileListOptions)
      .where(and(eq(fileListOptions.id, optionId), eq(fileListOptions.fileListId, fileListId))),
  );
  if (!row?.path) throw notFound('media');
  const data = await ctx.deps.storage.get(row.path).catch((err: unknown) => {
    throw err instanceof MissingObject ? notFound('media') : err;
  });
  return { key: row.path, data, name: row.fileName ?? 'file' };
}
