import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config.js';

/**
 * Media storage behind one interface (local disk now; S3-compatible by config later). Keys are
 * generated here — never built from user input — and the original file name is kept only as
 * metadata, sanitised.
 */
export interface Storage {
  put(companyId: number, data: Buffer, ext: string): Promise<string>;
  get(key: string): Promise<Buffer>;
  remove(key: string): Promise<void>;
}

const EXT = /^[a-z0-9]{1,8}$/;

export function createStorage(config: Config): Storage {
  if (config.STORAGE === 's3') {
    // Unfinished: the S3-compatible adapter is not written yet; refuse rather than lose media.
    throw new Error('STORAGE=s3 is not available yet; use STORAGE=local');
  }
  return localStorage(path.join(config.DATA_DIR, 'media'));
}

export function localStorage(root: string): Storage {
  const resolve = (key: string) => {
    if (!/^\d+\/\d{4}-\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/.test(key)) throw new Error('invalid storage key');
    return path.join(root, key);
  };
  return {
    async put(companyId, data, ext) {
      const month = new Date().toISOString().slice(0, 7);
      const safeExt = EXT.test(ext) ? `.${ext}` : '';
      const key = `${companyId}/${month}/${randomUUID()}${safeExt}`;
      await fs.mkdir(path.dirname(resolve(key)), { recursive: true });
      await fs.writeFile(resolve(key), data);
      return key;
    },
    get: (key) => fs.readFile(resolve(key)),
    remove: (key) => fs.rm(resolve(key), { force: true }),
  };
}

/** A file name safe to show and to offer as a download name: no paths, no control characters. */
export function sanitizeFileName(name: string | undefined, fallback = 'file'): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFKC')
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
    .replace(/[\u0000-\u001f\u007f<>:"|?*]/g, '')
    .replace(/\s+/g, '_')
    .replace(/^\.+/, '')
    .slice(0, 120);
  return clean || fallback;
}

const MIME_EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'audio/mp4': 'm4a',
  'audio/aac': 'aac',
  'video/mp4': 'mp4',
  'video/3gpp': '3gp',
  'application/pdf': 'pdf',
};

export function extensionFor(mimetype: string, fileName?: string): string {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  if (MIME_EXT[base]) return MIME_EXT[base]!;
  const fromName = fileName?.split('.').pop()?.toLowerCase() ?? '';
  return EXT.test(fromName) ? fromName : 'bin';
}
