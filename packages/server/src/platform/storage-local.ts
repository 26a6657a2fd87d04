import fs from 'node:fs/promises';
import path from 'node:path';
import { checkStorageKey, MissingObject, newStorageKey, type Storage } from './storage.js';

/** Media as files under `root` (`DATA_DIR/media`): one machine's disk. */
export function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async put(companyId, data, ext) {
      const key = newStorageKey(companyId, ext);
      await fs.mkdir(path.dirname(file(key)), { recursive: true });
      await fs.writeFile(file(key), data);
      return key;
    },
    get: async (key) =>
      fs.readFile(file(key)).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new MissingObject(key) : err;
      }),
    remove: async (key) => fs.rm(file(key), { force: true }),
  };
}
