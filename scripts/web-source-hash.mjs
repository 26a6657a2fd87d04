// What the built web app is made of, as one hash: the web package's sources and settings, the
// contracts it imports, and the locked dependency versions. `npm start` rebuilds when it differs
// from the one stored beside the build (contents, not mtimes: a fresh clone or a checkout that
// touches files without changing them rebuilds nothing).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const INPUTS = [
  'packages/web/src',
  'packages/web/public',
  'packages/web/index.html',
  'packages/web/vite.config.ts',
  'packages/web/tsconfig.json',
  'packages/web/package.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'package-lock.json',
];

/** Every file under `rel` (a file or a folder), sorted, as paths relative to `root`. */
function filesOf(root, rel) {
  const full = path.join(root, rel);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [rel];
  return readdirSync(full)
    .sort()
    .flatMap((name) => filesOf(root, path.join(rel, name)));
}

export function webSourceHash(root) {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap((rel) => filesOf(root, rel))) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}
