import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The server package's folder, whether this code runs from src/ (tsx) or from the dist/ bundle. */
function serverRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('server package.json not found');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = serverRoot();
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'src/db/migrations');
export const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');
