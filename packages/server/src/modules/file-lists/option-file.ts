import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { fileListOptions } from '../../db/schema/index.js';
import { readStoredFile } from '../../platform/stored-file.js';

/** `GET /files/{id}/options/{optionId}/media`: an option's file, for anyone of the company. */
export async function optionFile(ctx: Ctx, fileListId: number, optionId: number) {
  const [row] = await ctx.tenant((tx) =>
    tx
      .select({ path: fileListOptions.path, fileName: fileListOptions.fileName })
      .from(fileListOptions)
      .where(and(eq(fileListOptions.id, optionId), eq(fileListOptions.fileListId, fileListId))),
  );
  return readStoredFile(ctx.deps.storage, row?.path, row?.fileName);
}
