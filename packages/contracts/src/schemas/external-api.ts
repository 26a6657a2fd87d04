import { z } from 'zod';
import { text } from './common.js';

/**
 * The external message API: `POST /api/messages/send` with `Authorization: Bearer <connection
 * token>`, JSON `{number, body}` or multipart `number`, `body`, `medias` (files).
 */
export const EXTERNAL_API_LIMITS = {
  /** Requests per minute and token (429 ERR_RATE_LIMITED beyond). */
  perMinute: 60,
  /** Wrong tokens per address in `failureWindowMinutes` before the address is refused (429). */
  failuresPerAddress: 20,
  failureWindowMinutes: 15,
  maxFileBytes: 16 * 1024 * 1024,
  maxFiles: 10,
  maxBodyLength: 4096,
} as const;

/** Files `medias` may carry: images, audio, video, PDF and office documents. */
export const EXTERNAL_API_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/gif',
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/amr',
  'video/mp4',
  'video/3gpp',
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.ms-excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.ms-powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'text/plain',
  'text/csv',
] as const;
export type ExternalApiMediaType = (typeof EXTERNAL_API_MEDIA_TYPES)[number];

/** The digits of a number as people write it: `+`, parentheses, dashes and spaces dropped. */
export const externalNumberDigits = (raw: string) => raw.replace(/[+()\-\s]/g, '');

/** 8 to 15 digits (E.164 without '+') once `+ ( ) -` and spaces are dropped; text or a JSON integer. */
export const externalNumber = z.preprocess(
  (v) => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? String(v) : v),
  z
    .string()
    .max(50, 'tooLong')
    .transform(externalNumberDigits)
    .pipe(z.string().regex(/^\d{8,15}$/, 'invalidNumber')),
);

/** The fields of a send (JSON body, or the text parts of a multipart one). */
export const externalSendFields = z.object({
  number: externalNumber,
  /** Required unless files are sent; then it is the caption. */
  body: text().max(EXTERNAL_API_LIMITS.maxBodyLength, 'tooLong').default(''),
});
export type ExternalSendFields = z.infer<typeof externalSendFields>;

/**
 * 200 answer: the messages are stored and queued on the connection, in order; they leave as soon
 * as the connection is up (acknowledgements follow on the ticket). `message` is always 'sent'.
 */
export interface ExternalSendResponse {
  message: 'sent';
  ticketId: number;
  contactId: number;
  /** Ids of the stored messages, in sending order (a text, then one per file). */
  messageIds: number[];
}
