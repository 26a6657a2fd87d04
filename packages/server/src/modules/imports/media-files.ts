import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ImportRun } from './import-run.js';

/**
 * A source attachment (`Messages.mediaUrl`: a file name under the source's `public/` folder, bare
 * or behind a URL) copied from the media folder into storage; null when there is no folder or no
 * such file. The name never leaves the folder.
 */
export async function copyMedia(run: ImportRun, mediaUrl: string, companyId: number): Promise<string | null> {
  const dir = run.opts.mediaDir;
  if (!dir) return null;
  try {
    const relative = decodeURIComponent(mediaUrl.replace(/^https?:\/\/[^/]+/, '').replace(/^\/?(public\/)?/, ''));
    const root = path.resolve(dir);
    const full = path.resolve(root, relative);
    if (!full.startsWith(root + path.sep)) return null;
    const data = await readFile(full);
    const ext = path.extname(full).slice(1).toLowerCase();
    return await run.deps.storage.put(companyId, data, ext);
  } catch {
    return null;
  }
}
