import fs from 'node:fs/promises';
import path from 'node:path';
import { checkStorageKey, MissingObject, newStorageKey, type Storage } from './storage.js';

/**
 * Media as files under `root` (`DATA_DIR/media`): one machine's disk. Customers' files are
 * private to the process's user whatever the umask: files 0600, directories 0700.
 */
export function localStorage(root: string): Storage {
  const file = (key: string) => path.join(root, checkStorageKey(key));
  return {
    async put(companyId, data, ext) {
      const key = newStorageKey(companyId, ext);
      await fs.mkdir(path.dirname(file(key)), { recursive: true, mode: 0o700 });
      await fs.writeFile(file(key), data, { mode: 0o600 });
      return key;
    },
    get: async (key) =>
      fs.readFile(file(key)).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'ENOENT' ? new MissingObject(key) : err;
      }),
    remove: async (key) => fs.rm(file(key), { force: true }),
  };
}
