import { randomUUID } from 'node:crypto';

/**
 * Media storage behind one interface: local disk (`STORAGE=local`, one machine) or an
 * S3-compatible bucket (`STORAGE=s3`, any number of processes). Keys are generated here — never
 * built from user input — and the original file name is kept only as metadata, sanitised.
 */
export interface Storage {
  put(companyId: number, data: Buffer, ext: string): Promise<string>;
  /** The stored bytes; rejects with `MissingObject` when the key names no object. */
  get(key: string): Promise<Buffer>;
  /** Removes the object; a key that names none is fine. */
  remove(key: string): Promise<void>;
}

/** A key that names no stored object (gone, or never there): the media endpoints answer 404. */
export class MissingObject extends Error {
  constructor(key: string) {
    super(`no stored object ${key}`);
  }
}

const EXT = /^[a-z0-9]{1,8}$/;
const KEY = /^\d+\/\d{4}-\d{2}\/[0-9a-f-]{36}(\.[a-z0-9]{1,8})?$/;

/** A new key, the same shape on every backend: `<companyId>/<yyyy-mm>/<uuid>.<ext>`. */
export function newStorageKey(companyId: number, ext: string): string {
  const month = new Date().toISOString().slice(0, 7);
  const safeExt = EXT.test(ext) ? `.${ext}` : '';
  return `${companyId}/${month}/${randomUUID()}${safeExt}`;
}

/** Only keys this module made are read or removed (a stored key is data: never trust it blindly). */
export function checkStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('invalid storage key');
  return key;
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

/** Looked up by the sender's content type: a Map, so `__proto__` or `constructor` find nothing. */
const MIME_EXT = new Map<string, string>([
  ['image/jpeg', 'jpg'],
  ['image/png', 'png'],
  ['image/webp', 'webp'],
  ['image/gif', 'gif'],
  ['audio/ogg', 'ogg'],
  ['audio/mpeg', 'mp3'],
  ['audio/mp4', 'm4a'],
  ['audio/aac', 'aac'],
  ['video/mp4', 'mp4'],
  ['video/3gpp', '3gp'],
  ['application/pdf', 'pdf'],
]);

export function extensionFor(mimetype: string, fileName?: string): string {
  const base = mimetype.split(';')[0]!.trim().toLowerCase();
  const known = MIME_EXT.get(base);
  if (known) return known;
  const fromName = fileName?.split('.').pop()?.toLowerCase() ?? '';
  return EXT.test(fromName) ? fromName : 'bin';
}
