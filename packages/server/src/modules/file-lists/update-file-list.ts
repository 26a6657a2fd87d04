import { eq } from 'drizzle-orm';
import type { FileList, FileListUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { fileLists } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFileList, lockFileList } from './file-list-view.js';
import { fileListEvents } from './file-list-events.js';
import { replaceOptions } from './replace-options.js';
import { removeStoredFiles } from './file-list-media.js';
import { unusedByMessages } from '../messages/media-in-use.js';

/**
 * `PUT /files/{id}`: the fields given; `options`, when given, is the whole new list (kept by id,
 * new ones added, missing ones deleted). Files of deleted or emptied options leave storage after
 * commit, unless a message (a campaign's) still shows them.
 */
export async function updateFileList(ctx: Ctx, id: number, input: FileListUpdateBody) {
  const { actor } = ctx;
  const { list, orphans } = await ctx.tenant(async (tx, events) => {
    await lockFileList(tx, id);
    const orphans = input.options ? await replaceOptions(tx, actor.companyId, id, input.options) : [];
    await tx
      .update(fileLists)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.message !== undefined && { message: input.message }),
        updatedAt: new Date(),
      })
      .where(eq(fileLists.id, id));
    const list = await loadFileList(tx, id);
    events.push(fileListEvents.saved(actor.companyId, 'update', list));
    return { list, orphans: await unusedByMessages(tx, orphans) };
  });
  await removeStoredFiles(ctx, orphans);
  return list;
}

wireMatches<Answer<typeof updateFileList>, FileList>(true);
