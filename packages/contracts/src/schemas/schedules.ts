import { z } from 'zod';
import { editOf, pageQuery, ref, requestTime, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';
import { templateFields } from './campaigns.js';
import type { Provider } from './connections.js';

/** A schedule's text: 5 characters at least ('Mensagem muito curta' on the web), WhatsApp's longest at most. */
export const SCHEDULE_BODY_MIN_LENGTH = 5;

/**
 * `status`: PENDENTE until sent; ENVIADA once WhatsApp took the message (`sentAt` set); ERRO when
 * the send failed for good (`error` says why; the web shows it as a send error).
 */
export const SCHEDULE_STATUSES = ['PENDENTE', 'ENVIADA', 'ERRO'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The attachment of `POST /schedules/{id}/media-upload`: one image, png or jpeg. */
export const SCHEDULE_FILE_FIELD = 'file';
export const SCHEDULE_MEDIA_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * `POST /schedules`: the text (message variables such as `{{firstName}}` are filled when it is
 * sent), the contact it goes to, and when: ISO 8601 with an offset, or `YYYY-MM-DD HH:mm:ss` read
 * in the company's time zone.
 */
export const scheduleBody = z.object({
  body: text().trim().min(SCHEDULE_BODY_MIN_LENGTH, 'tooShort').max(MESSAGE_MAX_LENGTH, 'tooLong'),
  contactId: ref('contacts'),
  sendAt: requestTime,
  /** Cloud API: sends this template instead of `body` (its texts filled like the message variables). */
  ...templateFields,
});
export type ScheduleBody = z.infer<typeof scheduleBody>;
/** `PUT /schedules/{id}`: only the fields given change; a sent schedule refuses any (ERR_SCHEDULE_SENT). */
export const scheduleUpdateBody = editOf(scheduleBody);
export type ScheduleUpdateBody = z.infer<typeof scheduleUpdateBody>;

/** `GET /schedules`: the text or the contact's name contains `searchParam`; `contactId` keeps that contact's. */
export const scheduleListQuery = pageQuery.extend({ contactId: ref('contacts').optional() });
export type ScheduleListQuery = z.infer<typeof scheduleListQuery>;

/** `GET /schedules/connection?contactId=`: the connection a schedule to that contact would go through now. */
export const scheduleConnectionQuery = z.object({ contactId: ref('contacts') });
export type ScheduleConnectionQuery = z.infer<typeof scheduleConnectionQuery>;
/** Its id, name and provider (the web offers templates on a Cloud API one), or null when there is none. */
export interface ScheduleConnection {
  whatsapp: { id: number; name: string; provider: Provider } | null;
}

export interface Schedule {
  id: number;
  body: string;
  /** When it goes out (ISO 8601, UTC). */
  sendAt: string;
  /** When WhatsApp took it (ISO 8601, UTC); null until then. */
  sentAt: string | null;
  status: ScheduleStatus;
  /** Why the send failed (status ERRO), else null. */
  error: string | null;
  contactId: number;
  contact: { id: number; name: string; number: string; profilePicUrl: string };
  /** Who scheduled it. */
  userId: number | null;
  /** The connection and ticket it was sent through, once it was queued for sending; else null. */
  whatsappId: number | null;
  ticketId: number | null;
  /** Storage key of the attached image, or null. */
  mediaPath: string | null;
  mediaName: string | null;
  /** Where the web fetches the attachment (with its access token), or null. */
  mediaUrl: string | null;
  /** Cloud API: the template it sends instead of `body` (checked at send against its connection). */
  templateName: string | null;
  templateLanguage: string | null;
  templateVariables: string[] | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /schedules` (20 a page, latest `sendAt` first): `count` is every schedule matching the filters. */
export interface SchedulePage {
  schedules: Schedule[];
  count: number;
  hasMore: boolean;
}
