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
 * Answers with a private stored file: shown inline under its (sanitised) name, never sniffed
 * into another type, cached by the browser only.
 */
export function sendStoredFile(reply: FastifyReply, file: { key: string; name: string; data: Buffer }) {
  return reply
    .type(mimeOfKey(file.key))
    .header('cache-control', 'private, max-age=3600')
    .header('content-disposition', `inline; filename="${encodeURIComponent(file.name)}"`)
    .header('x-content-type-options', 'nosniff')
    .send(file.data);
}
