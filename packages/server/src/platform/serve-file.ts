import type { FastifyReply } from 'fastify';
import { MEDIA_KINDS } from './media-kinds.js';

/** Stored keys end with the extension we chose (media-kinds.ts), so the key says the type. */
const MIME_OF_EXT = new Map<string, string>([
  ...Object.entries(MEDIA_KINDS).map(([mimetype, kind]) => [kind.ext, mimetype] as [string, string]),
  ['3gp', 'video/3gpp'],
]);

export function mimeOfKey(key: string): string {
  return MIME_OF_EXT.get(key.split('.').pop()?.toLowerCase() ?? '') ?? 'application/octet-stream';
}

/**
 * The download name: the sender's (sanitised) name with the key's extension in place of its own,
 * so a PNG sent as `photo.exe` is saved as `photo.png`; a key without one gives a name without one.
 */
export function servedName(name: string, key: string): string {
  const ext = /\.([a-z0-9]+)$/.exec(key.split('/').pop() ?? '')?.[1];
  const base = name.replace(/\.[^.]*$/, '') || 'file';
  return ext ? `${base}.${ext}` : base;
}

/**
 * Answers with a private stored file: shown inline under its name (servedName), never sniffed
 * into another type, cached by the browser only.
 */
export function sendStoredFile(reply: FastifyReply, file: { key: string; name: string; data: Buffer }) {
  return reply
    .type(mimeOfKey(file.key))
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', `inline; filename="${encodeURIComponent(servedName(file.name, file.key))}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
