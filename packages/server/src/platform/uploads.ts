import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { MediaType } from '@balcao/contracts';
import type { Storage } from './storage.js';
import { sanitizeFileName } from './storage.js';
import { AppError, invalid } from './errors.js';
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
 * told otherwise), of the types in `accept` when given (else every accepted kind). Each file is checked
 * (an accepted type whose content matches it, not empty) and stored as it arrives, under a key
 * the storage chooses; its own name is kept only sanitised. `maxBytes` gives a limit per type
 * under the route's own (over it: 413 naming the field, with `maxBytes`). `values` holds every
 * value of each named field in the order sent (a form repeating a field per file). When anything
 * is refused, the files stored so far are removed again and the error goes on.
 */
export async function readMultipartMedia(
  req: FastifyRequest,
  storage: Storage,
  companyId: number,
  fieldNames: readonly string[],
  fileField = 'medias',
  accept?: readonly string[],
  maxBytes?: (mimetype: string) => number,
): Promise<{ fields: Record<string, string>; values: Map<string, string[]>; medias: StoredMedia[] }> {
  const fields: Record<string, string> = {};
  const values = new Map<string, string[]>();
  const medias: StoredMedia[] = [];
  try {
    for await (const part of parsed(req.parts())) {
      if (part.type === 'field') {
        if (typeof part.value === 'string' && fieldNames.includes(part.fieldname)) {
          fields[part.fieldname] = part.value;
          values.set(part.fieldname, [...(values.get(part.fieldname) ?? []), part.value]);
        }
        continue;
      }
      if (part.fieldname !== fileField) {
        part.file.resume();
        throw invalid({ [fileField]: 'unexpectedFile' }, 'Files go in the field');
      }
      const accepted = mediaKindOf(part.mimetype);
      if (!accepted || (accept && !accept.includes(accepted.mimetype))) {
        part.file.resume();
        throw invalid({ [fileField]: 'unsupportedType' }, 'Unsupported file type in');
      }
      const data = await part.toBuffer().catch(badForm);
      if (data.length === 0) throw invalid({ [fileField]: 'empty' }, 'Empty file in');
      const limit = maxBytes?.(accepted.mimetype);
      if (limit !== undefined && data.length > limit)
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', `A ${accepted.mimetype} file may have at most ${limit} bytes`, {
          fields: { [fileField]: 'tooLarge' },
          extra: { maxBytes: limit },
        });
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
    return { fields, values, medias };
  } catch (err) {
    await discardMedia(storage, medias);
    throw err;
  }
}

/**
 * The parser's own refusals — a body cut off ("Unexpected end of form"), a content type without
 * its boundary, a part named `__proto__` — are bad input, not a crash; its limits stay 413.
 * Every multipart body is read here, so this is the one place they are mapped.
 */
function badForm(err: unknown): never {
  if ((err as { statusCode?: unknown }).statusCode === 413) throw err;
  const why = err instanceof Error ? err.message : 'unreadable';
  throw new AppError('ERR_VALIDATION', `Malformed multipart body: ${why}`, { fields: {} });
}

/** The parts as they arrive; only the parser's errors land here (a throw in the loop body does not). */
async function* parsed<T>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  try {
    for await (const part of parts) yield part;
  } catch (err) {
    badForm(err);
  }
}

/** Removes stored files of a send that did not happen. */
export async function discardMedia(storage: Storage, medias: StoredMedia[]): Promise<void> {
  await Promise.all(medias.map((m) => storage.remove(m.key).catch(() => {})));
}

/** A multipart file written to a temporary file as it arrives (for readers that stream from disk). */
export interface SpooledFile {
  path: string;
  /** The name the client gave it. */
  name: string;
  /** Removes the temporary file (never throws). */
  remove(): Promise<void>;
}

/**
 * Reads a multipart request holding one file in `fileField` and writes it, as it arrives, to a
 * temporary file (memory stays flat whatever its size; the route's limits still apply, 413).
 * Other files are refused (400 naming the field); text fields are ignored. Answers undefined when
 * no file came.
 */
export async function spoolMultipartFile(req: FastifyRequest, fileField: string): Promise<SpooledFile | undefined> {
  let spooled: SpooledFile | undefined;
  try {
    for await (const part of parsed(req.parts())) {
      if (part.type === 'field') continue;
      if (part.fieldname !== fileField || spooled) {
        part.file.resume();
        throw invalid({ [fileField]: 'unexpectedFile' }, 'One file goes in the field');
      }
      const dir = await mkdtemp(join(tmpdir(), 'balcao-upload-'));
      const path = join(dir, 'file');
      spooled = {
        path,
        name: part.filename,
        remove: () => rm(dir, { recursive: true, force: true }).catch(() => {}),
      };
      await pipeline(part.file, createWriteStream(path)).catch(badForm);
      if ((part.file as { truncated?: boolean }).truncated)
        throw new AppError('ERR_PAYLOAD_TOO_LARGE', 'The file is too large');
    }
    return spooled;
  } catch (err) {
    await spooled?.remove();
    throw err;
  }
}
