import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import {
  FILE_LIST_FILES_FIELD,
  FILE_LIST_MEDIA_LIMITS,
  FILE_LIST_OPTION_ID_FIELDS,
  fileListMediaLimit,
  type FileList,
} from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { fileListOptions } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadFileList, lockFileList, storedOptions } from './file-list-view.js';
import { fileListEvents } from './file-list-events.js';
import { removeStoredFiles } from './file-list-media.js';
import { unusedByMessages } from '../messages/media-in-use.js';

const ACCEPTED = FILE_LIST_MEDIA_LIMITS.flatMap((l) => l.types);
/** A row id as a form field carries it: canonical digits within PostgreSQL's integer. */
const rowId = (v: string) => (/^[1-9]\d{0,9}$/.test(v) && Number(v) <= 2_147_483_647 ? Number(v) : undefined);

/**
 * `POST /files/uploadList/{id}` (multipart `files`, one per option): the n-th file becomes the file
 * of the option named by the n-th `id` field (else `fileId`). Each file is an accepted type whose
 * bytes match it, within its kind's size (413 naming `files`); stored under a key the storage makes.
 * A file it replaces leaves storage after commit; a refused request removes the new ones.
 */
export async function uploadFileListFiles(ctx: Ctx, id: number, req: FastifyRequest) {
  const { actor, deps } = ctx;
  await ctx.tenant((tx) => loadFileList(tx, id));
  if (!req.isMultipart()) throw invalid({ [FILE_LIST_FILES_FIELD]: 'required' }, 'Send the files as multipart');
  const { values, medias } = await readMultipartMedia(
    req,
    deps.storage,
    actor.companyId,
    [...FILE_LIST_OPTION_ID_FIELDS, 'name', 'mediaType', 'typeArch'],
    FILE_LIST_FILES_FIELD,
    ACCEPTED,
    (mimetype) => fileListMediaLimit(mimetype)!.maxBytes,
  );
  if (medias.length === 0) throw invalid({ [FILE_LIST_FILES_FIELD]: 'required' }, 'No file in');
  try {
    const field = FILE_LIST_OPTION_ID_FIELDS.find((f) => values.has(f)) ?? 'fileId';
    const ids = (values.get(field) ?? []).map(rowId);
    if (ids.length !== medias.length) throw invalid({ [field]: 'onePerFile' }, 'Name one option per file in');
    const { list, orphans } = await ctx.tenant(async (tx, events) => {
      await lockFileList(tx, id);
      const options = await storedOptions(tx, id);
      const orphans: string[] = [];
      const seen = new Set<number>();
      for (const [i, media] of medias.entries()) {
        const optionId = ids[i];
        const option = optionId === undefined ? undefined : options.get(optionId);
        if (!option) throw invalid({ [field]: 'notFound' }, 'Unknown option in');
        if (seen.has(option.id)) throw invalid({ [field]: 'duplicate' }, 'One file per option in');
        seen.add(option.id);
        if (option.path) orphans.push(option.path);
        await tx
          .update(fileListOptions)
          .set({ path: media.key, mediaType: media.mimetype, fileName: media.name, updatedAt: new Date() })
          .where(eq(fileListOptions.id, option.id));
      }
      const list = await loadFileList(tx, id);
      events.push(fileListEvents.saved(actor.companyId, 'update', list));
      return { list, orphans: await unusedByMessages(tx, orphans) };
    });
    await removeStoredFiles(ctx, orphans);
    return list;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

wireMatches<Answer<typeof uploadFileListFiles>, FileList>(true);
