import { eq, isNotNull, and } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { fileListOptions, fileLists } from '../../db/schema/index.js';
import { lockFileList } from './file-list-view.js';
import { fileListEvents } from './file-list-events.js';
import { removeStoredFiles } from './file-list-media.js';
import { unusedByMessages } from '../messages/media-in-use.js';

/**
 * `DELETE /files/{id}`: the list and its options (foreign key cascade); campaigns that named it
 * keep going without it (`set null`). Its files leave storage after commit, unless a message
 * (a campaign's) still shows them.
 */
export async function deleteFileList(ctx: Ctx, id: number): Promise<void> {
  const { actor } = ctx;
  const orphans = await ctx.tenant(async (tx, events) => {
    await lockFileList(tx, id);
    const files = await tx
      .select({ path: fileListOptions.path })
      .from(fileListOptions)
      .where(and(eq(fileListOptions.fileListId, id), isNotNull(fileListOptions.path)));
    await tx.delete(fileLists).where(eq(fileLists.id, id));
    events.push(fileListEvents.deleted(actor.companyId, id));
    return unusedByMessages(
      tx,
      files.map((f) => f.path!),
    );
  });
  await removeStoredFiles(ctx, orphans);
}
