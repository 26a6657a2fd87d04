import type { FastifyRequest } from 'fastify';
import { MEDIA_MAX_BYTES, MEDIA_MAX_FILES, MESSAGE_MAX_LENGTH, messageFormFields } from '@balcao/contracts';
import type { Storage } from '../../platform/storage.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia, type StoredMedia } from '../../platform/uploads.js';

export interface MessageForm {
  body: string;
  signOption: boolean;
  quotedMsgId?: number;
  medias: StoredMedia[];
}

/** Multipart limits of `POST /messages/{ticketId}` (registered for the messages routes only). */
export const MESSAGE_MULTIPART_OPTIONS = {
  limits: {
    fileSize: MEDIA_MAX_BYTES,
    files: MEDIA_MAX_FILES,
    fields: 10,
    fieldSize: MESSAGE_MAX_LENGTH * 4 + 1024,
    parts: MEDIA_MAX_FILES + 10,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

/**
 * Reads the composer's multipart form: `medias` (files) and the fields `body`, `signOption`,
 * `quotedMsgId`. Each file is checked — an accepted type (the external API's list: images,
 * audio, video, PDF and office documents, text), content matching it, not empty — and stored
 * under a key the storage chooses; its name is kept only sanitised. Past the size or count
 * limits the request answers 413. When anything is refused, the files stored so far go again.
 */
export async function readMessageForm(req: FastifyRequest, storage: Storage, companyId: number): Promise<MessageForm> {
  const { fields, medias } = await readMultipartMedia(req, storage, companyId, ['body', 'signOption', 'quotedMsgId']);
  try {
    const parsed = messageFormFields.safeParse(fields);
    if (!parsed.success) {
      const problems: Record<string, string> = {};
      for (const issue of parsed.error.issues) problems[issue.path.join('.') || 'body'] ??= issue.message;
      throw invalid(problems);
    }
    if (medias.length === 0 && !parsed.data.body.trim())
      throw invalid({ body: 'required' }, 'Write a message or attach a file');
    return { ...parsed.data, medias };
  } catch (err) {
    await discardMedia(storage, medias);
    throw err;
  }
}

