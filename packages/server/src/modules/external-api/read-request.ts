import type { FastifyRequest } from 'fastify';
import { EXTERNAL_API_LIMITS, externalSendFields } from '@balcao/contracts';
import type { Storage } from '../../platform/storage.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia, type StoredMedia } from '../../platform/uploads.js';

export interface SendRequest {
  number: string;
  body: string;
  medias: StoredMedia[];
}

/** The multipart options of the API (registered for its routes only). */
export const MULTIPART_OPTIONS = {
  limits: {
    fileSize: EXTERNAL_API_LIMITS.maxFileBytes,
    files: EXTERNAL_API_LIMITS.maxFiles,
    fields: 10,
    fieldSize: 64 * 1024,
    parts: EXTERNAL_API_LIMITS.maxFiles + 10,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

/**
 * Reads a send from JSON `{number, body}` or multipart `number`, `body`, `medias`. Files are
 * checked (declared type accepted and matching the content, not empty) and stored one at a time
 * as they arrive; when anything is refused, the files stored so far are removed again. Errors
 * are ERR_VALIDATION naming the field; sizes and counts past the limits answer 413.
 */
export async function readSendRequest(req: FastifyRequest, storage: Storage, companyId: number): Promise<SendRequest> {
  if (!req.isMultipart()) return validate(req.body ?? {}, []);
  const { fields, medias } = await readMultipartMedia(req, storage, companyId, ['number', 'body']);
  try {
    return validate(fields, medias);
  } catch (err) {
    await discardMedia(storage, medias);
    throw err;
  }
}

function validate(raw: unknown, medias: StoredMedia[]): SendRequest {
  const parsed = externalSendFields.safeParse(raw);
  const fields: Record<string, string> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path.join('.') || 'body';
      const given = raw !== null && typeof raw === 'object' ? (raw as Record<string, unknown>)[field] : undefined;
      fields[field] ??= issue.code === 'invalid_type' && given === undefined ? 'required' : issue.message;
    }
  } else if (!parsed.data.body.trim() && medias.length === 0) {
    fields.body = 'required';
  }
  if (Object.keys(fields).length > 0) throw invalid(fields);
  return { number: parsed.data!.number, body: parsed.data!.body, medias };
}
