import { FILE_LIST_MAX_OPTIONS, FILE_LIST_MEDIA_LIMITS } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';

// What the files' use cases share (upload, serve, and the changes that drop files).

/** The largest file any kind allows: the parser's own limit (413), the kind's is checked after. */
const LARGEST = Math.max(...FILE_LIST_MEDIA_LIMITS.map((l) => l.maxBytes));

/** Multipart limits of the upload: one file per option at most, with a few text fields each. */
export const FILE_LIST_MULTIPART_OPTIONS = {
  limits: {
    fileSize: LARGEST,
    files: FILE_LIST_MAX_OPTIONS,
    fields: FILE_LIST_MAX_OPTIONS * 5 + 5,
    fieldSize: 1024,
    parts: FILE_LIST_MAX_OPTIONS * 6 + 5,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

/** Files no option holds any more; a failure only leaves an orphan behind, never an error. */
export async function removeStoredFiles(ctx: Ctx, keys: readonly string[]): Promise<void> {
  await Promise.all(
    keys.map((key) =>
      ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'file list media not removed')),
    ),
  );
}
