import { notFound } from './errors.js';
import { MissingObject, type Storage } from './storage.js';

/**
 * A record's stored attachment, as the `…/media` routes serve it (serve-file.ts): its key, its
 * bytes and its download name (`file` when none was kept). No key, or a key that names no
 * object, is a 404; any other storage failure stays an error to see in the logs.
 */
export async function readStoredFile(
  storage: Storage,
  key: string | null | undefined,
  name: string | null | undefined,
) {
  if (!key) throw notFound('media');
  const data = await storage.get(key).catch((err: unknown) => {
    throw err instanceof MissingObject ? notFound('media') : err;
  });
  return { key, data, name: name ?? 'file' };
}

/**
 * Removes a stored file no record points to any more (after the commit that let go of it); a
 * failure only leaves an orphan behind and a warning, never an error for the caller.
 */
export async function forgetStoredFile(
  deps: { storage: Storage; log: { warn(obj: object, msg: string): void } },
  key: string | null,
): Promise<void> {
  if (key) await deps.storage.remove(key).catch((err: unknown) => deps.log.warn({ err }, 'media not removed'));
}
