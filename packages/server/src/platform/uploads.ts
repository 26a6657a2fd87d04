import type { FastifyRequest } from 'fastify';
import type { MediaType } from '../channels/channel.js';
import type { Storage } from './storage.js';
import { sanitizeFileName } from './storage.js';
import { invalid } from './errors.js';
import { mediaKindOf } from './media-kinds.js';

/** A file of a request, already in storage under a key the storage chose. */
export interface StoredMedia {
  key: string;
  name: string;
  mimetype: string;
  type: MediaType;
}

/**
 * Reads a multipart request: the named text fields, and files in `fileField` (`medias` unless
 * told otherwise). Each file is checked
 * (an accepted type whose content matches it, not empty) and stored as it arrives, under a key
 * the storage chooses; its own name is kept only sanitised. When anything is refused, the files
 * stored so far are removed again and the error goes on.
 */
export async function readMultipartMedia(
  req: FastifyRequest,
  storage: Storage,
  companyId: number,
  fieldNames: readonly string[],
  fileField = 'medias',
): Promise<{ fields: Record<string, string>; medias: StoredMedia[] }> {
  const fields: Record<string, string> = {};
  const medias: StoredMedia[] = [];
  try {
    for await (const part of req.parts()) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && fieldNames.includes(part.fieldname)) fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw invalid({ [fileField]: 'unexpectedFile' }, 'Files go in the field');
      }
      const accepted = mediaKindOf(part.mimetype);
      if (!accepted) {
        part.file.resume();
        throw invalid({ [fileField]: 'unsupportedType' }, 'Unsupported file type in');
      }
      const data = await part.toBuffer();
      if (data.length === 0) throw invalid({ [fileField]: 'empty' }, 'Empty file in');
      if (!accepted.kind.looksRight(data))
        throw invalid({ [fileField]: 'typeMismatch' }, 'File content does not match its type in');
      const key = await storage.put(companyId, data, accepted.kind.ext);
      medias.push({
        key,
        name: sanitizeFileName(part.filename, `file.${accepted.kind.ext}`),
        mimetype: accepted.mimetype,
        type: accepted.kind.type,
      });
    }
    return { fields, medias };
  } catch (err) {
    await discardMedia(storage, medias);
    throw err;
  }
}

/** Removes stored files of a send that did not happen. */
export async function discardMedia(storage: Storage, medias: StoredMedia[]): Promise<void> {
  await Promise.all(medias.map((m) => storage.remove(m.key).catch(() => {})));
}
