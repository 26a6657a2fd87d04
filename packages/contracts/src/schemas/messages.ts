import { z } from 'zod';
import { notFetched } from './outbound-url.js';
import { pageNumber, ref, text } from './common.js';
import type { Ticket } from './tickets.js';

/** Message kinds as the spec shows them (the web renders by this). */
export const MEDIA_TYPES = [
  'chat',
  'image',
  'audio',
  'video',
  'document',
  'location',
  'vcard',
  'call_log',
  'sticker',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/** Messages per page of `GET /messages/{ticketId}`. */
export const MESSAGES_PAGE_SIZE = 20;
/** WhatsApp's longest text message. */
export const MESSAGE_MAX_LENGTH = 4096;
/** Attachments of one `POST /messages/{ticketId}`: count and size of each file. */
export const MEDIA_MAX_FILES = 10;
export const MEDIA_MAX_BYTES = 16 * 1024 * 1024;

/** A message id (messages use a 64-bit sequence). */
export const messageId = ref('messages');

export const ticketIdParams = z.object({ ticketId: ref('tickets') });
export const messageIdParams = z.object({ id: messageId });
export const messageListQuery = z.object({ pageNumber });

/** What the spec's web sends back as it was shown (`read`, `fromMe`, `mediaUrl`): ignored, but bounded. */
const ignored = z.union([z.boolean(), z.number(), z.string().max(2000), z.null()]).optional();

const body = text().max(MESSAGE_MAX_LENGTH, 'tooLong');

/**
 * `POST /messages/{ticketId}` as JSON. `signOption: true` prefixes the text with the sender's
 * name (`*Name*:` and a line break). The spec's `read`, `fromMe` and `mediaUrl` are accepted and
 * ignored: the server decides them.
 */
/** A Cloud API message template: its name, language and the BODY's `{{n}}` texts in order. */
export const templateSend = z.object({
  name: z.string().trim().min(1, 'required').max(512, 'tooLong'),
  language: z.string().trim().min(2, 'required').max(15, 'tooLong'),
  variables: z.array(text().trim().min(1, 'required').max(1024, 'tooLong')).max(100).default([]),
});
export type TemplateSend = z.infer<typeof templateSend>;

/**
 * `POST /contacts/{id}/template`: a template to a contact with no ticket open, through a Cloud API
 * connection: the contact's live ticket there is reused (or a new one opened), never a second.
 */
export const contactTemplateBody = z.object({ whatsappId: ref('whatsapps'), template: templateSend });
export type ContactTemplateBody = z.infer<typeof contactTemplateBody>;

export const messageBody = z
  .object({
    body: body.optional().default(''),
    /** Cloud API: sends this approved template instead of `body` (the window may be closed). */
    template: templateSend.optional(),
    quotedMsg: z.object({ id: messageId }).nullable().optional(),
    signOption: z.boolean().optional().default(false),
    read: ignored,
    fromMe: ignored,
    mediaUrl: notFetched(ignored, 'sent back as shown; ignored'),
  })
  .refine((m) => m.template !== undefined || m.body.trim() !== '', { path: ['body'], message: 'required' });
export type MessageBody = z.infer<typeof messageBody>;

/** The text fields of the multipart form (`medias` are the files; `body` is the caption). */
export const messageFormFields = z.object({
  body: body.optional().default(''),
  signOption: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v === 'true'),
  quotedMsgId: messageId.optional(),
});
export type MessageFormFields = z.infer<typeof messageFormFields>;

/** The contact who wrote a message (null for ours). */
export interface MessageContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string;
}

/** A message's own fields: what events born in the outbox and the pipeline carry. */
export interface MessageFields {
  id: number;
  ticketId: number;
  contactId: number | null;
  body: string;
  fromMe: boolean;
  read: boolean;
  /** 0 queued, 1 sent, 2–3 delivered, 4 read, 5 played. */
  ack: number;
  /** Why the message could not be sent, or null. */
  error: string | null;
  mediaType: MediaType;
  /** The storage key of the file (the web asks the media route for it), or null. */
  mediaUrl: string | null;
  mediaName: string | null;
  quotedMsgId: number | null;
  isDeleted: boolean;
  isEdited: boolean;
  participant: string | null;
  userId: number | null;
  data: unknown;
  createdAt: string;
  updatedAt: string;
}

/** The quoted message as a thread shows it. */
export interface QuotedMessage {
  id: number;
  body: string;
  fromMe: boolean;
  mediaType: MediaType;
  mediaUrl: string | null;
  isDeleted: boolean;
  contact: MessageContact | null;
}

/** A message as the thread (`GET /messages/{ticketId}`) shows it. */
export interface Message extends MessageFields {
  /** Sent by the chatbot or a time rule rather than a person. */
  fromBot: boolean;
  contact: MessageContact | null;
  quotedMsg: QuotedMessage | null;
}

export interface MessagePage {
  messages: Message[];
  count: number;
  hasMore: boolean;
}

/** `POST /messages/{ticketId}` (201): the stored messages, in sending order (a text, then one per file). */
export interface SentMessages {
  messages: Message[];
}

/** `POST /contacts/{id}/template` (201): the ticket it went in (the sender's, open) and the stored message. */
export interface ContactTemplateSent extends SentMessages {
  ticket: Ticket;
}
