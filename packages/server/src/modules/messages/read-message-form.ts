import type { FastifyRequest } from 'fastify';
import {
  MEDIA_MAX_BYTES,
  MEDIA_MAX_FILES,
  MESSAGE_MAX_LENGTH,
  messageBody,
  messageFormFields,
  type TemplateSend,
} from '@balcao/contracts';
import type { Storage } from '../../platform/storage.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia, type StoredMedia } from '../../platform/uploads.js';

export interface MessageForm {
  body: string;
  template?: TemplateSend;
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
 * Reads the composer's message: JSON `{body, signOption, quotedMsg: {id}}` (no files), or the
 * multipart form: `medias` (files) and the fields `body`, `signOption`, `quotedMsgId`. Each file is checked — an accepted type (the external API's list: images,
 * audio, video, PDF and office documents, text), content matching it, not empty — and stored
 * under a key the storage chooses; its name is kept only sanitised. Past the size or count
 * limits the request answers 413. When anything is refused, the files stored so far go again.
 */
export async function readMessageForm(req: FastifyRequest, storage: Storage, companyId: number): Promise<MessageForm> {
  if (!req.isMultipart()) return readJson(req.body);
  const { fields, medias } = await readMultipartMedia(req, storage, companyId, ['body', 'signOption', 'quotedMsgId']);
  try {
    const parsed = messageFormFields.safeParse(fields);
    if (!parsed.success) throw invalid(fieldProblems(parsed.error.issues));
    if (medias.length === 0 && !parsed.data.body.trim())
      throw invalid({ body: 'required' }, 'Write a message or attach a file');
    return { ...parsed.data, medias };
  } catch (err) {
    await discardMedia(storage, medias);
    throw err;
  }
}

function readJson(raw: unknown): MessageForm {
  const parsed = messageBody.safeParse(raw ?? {});
  if (!parsed.success) throw invalid(fieldProblems(parsed.error.issues));
  const { body, signOption, quotedMsg, template } = parsed.data;
  return { body, signOption, quotedMsgId: quotedMsg?.id, medias: [], template };
}

/** The first problem of each field (a problem with no path is the body's). */
function fieldProblems(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const issue of issues) problems[issue.path.join('.') || 'body'] ??= issue.message;
  return problems;
}
