import { z } from 'zod';
import { editOf, name2to50, numeric, pageQuery, ref, requestTime, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';
import type { ConnectionStatus } from './connections.js';
import { contactNumber } from './contacts.js';

/**
 * `status`: INATIVA (no scheduledAt), PROGRAMADA (scheduledAt set, not reached), EM_ANDAMENTO
 * (from scheduledAt, or restarted), CANCELADA (cancel), FINALIZADA (every contact attempted,
 * `completedAt` set).
 */
export const CAMPAIGN_STATUSES = ['INATIVA', 'PROGRAMADA', 'EM_ANDAMENTO', 'CANCELADA', 'FINALIZADA'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** The five message variants; a contact gets one of the non-empty ones, at random. */
export const CAMPAIGN_MESSAGE_KEYS = ['message1', 'message2', 'message3', 'message4', 'message5'] as const;
export type CampaignMessageKey = (typeof CAMPAIGN_MESSAGE_KEYS)[number];

/** The form is editable in INATIVA, or PROGRAMADA more than this ahead; CANCELADA edits its messages only. */
export const CAMPAIGN_EDIT_LEAD_MS = 60 * 60 * 1000;

/** `POST /campaigns/{id}/media-upload`: multipart field `file` (one, 16 MB, the composer's kinds). */
export const CAMPAIGN_FILE_FIELD = 'file';

/** A message variant; null is the spec's dialog's empty field (it sends every '' as null). */
const variant = z
  .preprocess((v) => (v === null ? '' : v), text().max(MESSAGE_MAX_LENGTH, 'tooLong'))
  .optional()
  .default('');

/**
 * Cloud API: a message template every contact gets instead of free text (one of the connection's
 * APPROVED templates), its BODY's texts in order; each may hold `{{name}}`, `{{firstName}}`,
 * `{{email}}`, `{{number}}` and the settings' variables, filled per contact. Blank/null = none.
 */
export const templateFields = {
  templateName: z.preprocess((v) => (v === '' ? null : v), text().trim().max(512, 'tooLong').nullable().optional()),
  templateLanguage: z.preprocess((v) => (v === '' ? null : v), text().trim().max(15, 'tooLong').nullable().optional()),
  templateVariables: z.array(text().trim().min(1, 'required').max(1024, 'tooLong')).max(100).nullable().optional(),
};

/**
 * `POST /campaigns`. `scheduledAt` (ISO 8601 with an offset, or `YYYY-MM-DD HH:mm:ss` in the
 * company's time zone; '' or null = none) makes it PROGRAMADA, else INATIVA. `tagListId` keeps the
 * list's contacts whose contact carries that tag (on any of their tickets); null, '' or absent =
 * every contact. `mediaPath` sent back as shown keeps the attachment, null drops it (files arrive
 * only through the upload route). At least one message must have text.
 */
export const campaignBody = z.object({
  name: name2to50,
  contactListId: ref('contactLists'),
  tagListId: z.preprocess((v) => (v === '' || v === 'Nenhuma' ? null : v), ref('tags').nullable().optional()),
  whatsappId: ref('whatsapps'),
  scheduledAt: z.preprocess((v) => (v === '' ? null : v), requestTime.nullable().optional()),
  fileListId: z.preprocess((v) => (v === '' ? null : v), ref('fileLists').nullable().optional()),
  message1: variant,
  message2: variant,
  message3: variant,
  message4: variant,
  message5: variant,
  mediaPath: text().max(300, 'tooLong').nullable().optional(),
  ...templateFields,
});
export type CampaignBody = z.infer<typeof campaignBody>;
/** `PUT /campaigns/{id}`: the fields given change, within the editing rules (409 ERR_CAMPAIGN_NOT_EDITABLE). */
export const campaignUpdateBody = editOf(campaignBody);
export type CampaignUpdateBody = z.infer<typeof campaignUpdateBody>;

/** `GET /campaigns`: campaigns whose name contains `searchParam`, newest first, 20 a page. */
export const campaignsQuery = pageQuery;
export type CampaignsQuery = z.infer<typeof campaignsQuery>;

/**
 * `GET /campaigns/{id}`: `lists=false` leaves out the report's per-contact lists (Balcão's web reads
 * the counts alone; the spec's client, sending nothing, gets them).
 */
export const campaignQuery = z.object({
  lists: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => v !== 'false'),
});

/** `GET /campaigns/{id}/failures`: the contacts whose send failed, with why, 50 a page. */
export const campaignFailuresQuery = z.object({
  pageNumber: pageQuery.shape.pageNumber,
});
export type CampaignFailuresQuery = z.infer<typeof campaignFailuresQuery>;

export interface Campaign {
  id: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  status: CampaignStatus;
  /** ISO 8601 UTC, or null. */
  scheduledAt: string | null;
  completedAt: string | null;
  whatsappId: number | null;
  /** Its connection and that connection's state now (a campaign waits while it is not CONNECTED). */
  whatsapp: { id: number; name: string; status: ConnectionStatus } | null;
  contactListId: number | null;
  contactList: { id: number; name: string } | null;
  /** The tag filter (the spec sends it as `tagListId`; `tagId` names the same). */
  tagListId: number | null;
  tagId: number | null;
  fileListId: number | null;
  /** Storage key of the attachment, its original name, and where the web fetches it; or null. */
  mediaPath: string | null;
  mediaName: string | null;
  mediaUrl: string | null;
  /** Cloud API: the template every contact gets (null: the messages, as free text). */
  templateName: string | null;
  templateLanguage: string | null;
  templateVariables: string[] | null;
  companyId: number;
  createdAt: string;
  updatedAt: string;
}

/** `GET /campaigns/{id}` and the live events: the campaign with its progress. */
export interface CampaignDetail extends Campaign {
  /** Contacts the campaign writes to (of the list, with the tag, not known to lack WhatsApp). */
  validContacts: number;
  /** Of those, how many messages WhatsApp took. */
  delivered: number;
  /** Of those, how many sends failed for good (listed by `GET /campaigns/{id}/failures`). */
  failed: number;
  /**
   * Seconds the contacts not yet sent to would take at the company's pacing settings (and the
   * connection's rate on the Cloud API); null once finished or cancelled.
   */
  estimatedSeconds: number | null;
}

/**
 * `GET /campaigns/{id}`: the detail with what the spec's client's report counts — one entry per
 * contact the campaign counts as valid (`validContacts`, each `isWhatsappValid` true) and one per
 * shipping row with its `deliveredAt`. Neither list rides on the list page or the events.
 */
export interface CampaignWithReport extends Omit<CampaignDetail, 'contactList'> {
  contactList: { id: number; name: string; contacts: CampaignReportContact[] } | null;
  shipping: CampaignShippingRow[];
}
export interface CampaignReportContact {
  /** The list item (null when it left the list after the campaign wrote to it). */
  id: number | null;
  isWhatsappValid: true;
}
export interface CampaignShippingRow {
  id: number;
  deliveredAt: string | null;
}

/** `GET /campaigns` (20 a page, newest first). */
export interface CampaignPage {
  records: Campaign[];
  count: number;
  hasMore: boolean;
}

export interface CampaignFailure {
  id: number;
  name: string;
  number: string;
  error: string;
  failedAt: string;
}

/** `GET /campaigns/{id}/failures` (50 a page, oldest failure first). */
export interface CampaignFailurePage {
  records: CampaignFailure[];
  count: number;
  hasMore: boolean;
}

/** The settings' choices on the web (seconds); the API takes any whole number in the bounds below. */
export const CAMPAIGN_MESSAGE_INTERVALS = [0, 5, 10, 15, 20] as const;
export const CAMPAIGN_LONGER_INTERVAL_AFTER = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_GREATER_INTERVALS = [0, 1, 5, 10, 15, 20, 30, 40, 60, 80, 100, 120] as const;
export const CAMPAIGN_SETTING_DEFAULTS = {
  messageInterval: 20,
  longerIntervalAfter: 20,
  greaterInterval: 60,
  variables: [] as { key: string; value: string }[],
};
export const CAMPAIGN_SETTING_KEYS = [
  'messageInterval',
  'longerIntervalAfter',
  'greaterInterval',
  'variables',
] as const;
export type CampaignSettingKey = (typeof CAMPAIGN_SETTING_KEYS)[number];

const seconds = numeric(z.number().int().min(0, 'tooSmall').max(3_600, 'tooLarge'));

/** A custom message variable, used in campaign texts as `{{key}}`. */
export const campaignVariable = z.object({
  key: text()
    .trim()
    .min(1, 'required')
    .max(50, 'tooLong')
    .regex(/^[\p{L}\p{N}_-]+$/u, 'invalidKey'),
  value: text().max(1_000, 'tooLong'),
});

/**
 * `POST /campaign-settings {settings}`: seconds. Between two sends of one campaign the wait is
 * `messageInterval` plus a random 0–50 %; after every `longerIntervalAfter` sends (when > 0) it
 * is `greaterInterval` instead; 0 means no wait. Keys left out keep their value; `variables` is
 * the whole list (keys unique).
 */
export const campaignSettingsBody = z.object({
  settings: z.object({
    messageInterval: seconds.optional(),
    longerIntervalAfter: numeric(z.number().int().min(0, 'tooSmall').max(100_000, 'tooLarge')).optional(),
    greaterInterval: seconds.optional(),
    variables: z
      .array(campaignVariable)
      .max(100, 'tooMany')
      .refine((vs) => new Set(vs.map((v) => v.key)).size === vs.length, 'duplicateKey')
      .optional(),
  }),
});
export type CampaignSettingsBody = z.infer<typeof campaignSettingsBody>;

/** `GET /campaign-settings`: every key, its value as JSON text (`"20"`, `"[{\"key\":…}]"`). */
export interface CampaignSetting {
  key: CampaignSettingKey;
  value: string;
}

/**
 * `POST /campaigns/{id}/test`: the campaign's message (its first variant, or its template, and its
 * files) to one number the user types, as a contact of the list would get it, its variables filled
 * with the user's own name and e-mail. Limited per user and per company (`CAMPAIGN_TEST_LIMITS`).
 */
export const campaignTestBody = z.object({ number: contactNumber });
export type CampaignTestBody = z.infer<typeof campaignTestBody>;

/** Test sends a user (and a whole company) may make in `windowMinutes`; the next one is 429. */
export const CAMPAIGN_TEST_LIMITS = { perUser: 10, perCompany: 30, windowMinutes: 10 } as const;

/** 200: the messages are stored and queued on the campaign's connection, in order (not in its report). */
export interface CampaignTestResponse {
  /** The number as stored (E.164 digits). */
  number: string;
  ticketId: number;
  messageIds: number[];
}
