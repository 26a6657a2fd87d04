import type { FileList, FileListBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { fileLists } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFileList } from './file-list-view.js';
import { fileListEvents } from './file-list-events.js';
import { replaceOptions } from './replace-options.js';

/**
 * `POST /files`: a list of the caller's company with its options, files to come through the upload
 * (an option naming an `id` or a `path` is refused: nothing of a new list exists yet).
 */
export function createFileList(ctx: Ctx, input: FileListBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .insert(fileLists)
      .values({ companyId: actor.companyId, userId: actor.userId, name: input.name, message: input.message })
      .returning({ id: fileLists.id });
    await replaceOptions(tx, actor.companyId, row!.id, input.options);
    const list = await loadFileList(tx, row!.id);
    events.push(fileListEvents.saved(actor.companyId, 'create', list));
    return list;
  });
}

wireMatches<Answer<typeof createFileList>, FileList>(true);
