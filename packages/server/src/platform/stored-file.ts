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
