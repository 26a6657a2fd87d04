import { z } from 'zod';
import { editOf, name2to50, numeric, orDefault, ref, refOrNone, text, type RefMeta } from './common.js';
import { scheduleDay, WEEK_EXAMPLE, type ScheduleDay } from './companies.js';
import type { QueueRef } from './users.js';
import { isMaskedSecret } from './secrets.js';

export const PROVIDERS = ['beta', 'cloud', 'sandbox'] as const;
/** A connection's session as the spec names its states. */
export const CONNECTION_STATUSES = ['qrcode', 'PAIRING', 'CONNECTED', 'OPENING', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
export type Provider = (typeof PROVIDERS)[number];

const message = text().max(4096, 'tooLong');
const minutes = numeric(z.number().int().min(0).max(525_600));
/** A number field the spec's connection form leaves blank (`''`): its default, or unchanged in an edit. */
const minutesOr = (fallback: number) => orDefault(minutes, fallback);
/** A select left at "none" (`''`, `false` or null): no row. */
const noneOr = (entity: Parameters<typeof ref>[0]) => refOrNone(entity).default(null);

/**
 * A Cloud API field the web may send back as it was shown: null (a connection of another
 * provider) or a masked secret means "unchanged", never a new value.
 */
const keptWhenShown = <T extends z.ZodType>(inner: T) =>
  z.preprocess((v) => (v === null || (typeof v === 'string' && isMaskedSecret(v)) ? undefined : v), inner.optional());

/** Business hours: none, or the whole week with each weekday once. */
const connectionSchedules = z
  .array(scheduleDay)
  .max(7, 'sevenDays')
  .refine(
    (days) => days.length === 0 || (days.length === 7 && new Set(days.map((d) => d.weekdayEn)).size === 7),
    'sevenDays',
  )
  .meta({ examples: [[], WEEK_EXAMPLE] });

/**
 * The rating text a new connection starts with in the web form: the question and its scale, which
 * the server reads back from the text (bot texts are Portuguese, ARCHITECTURE "Decisions").
 */
export const DEFAULT_RATING_MESSAGE =
  'Como você avalia o nosso atendimento? Responda com um número:\n*1* - Insatisfeito\n*2* - Satisfeito\n*3* - Muito satisfeito';

/** POST /whatsapp — a connection with every field of the spec (foundation §3). */
export const connectionBody = z.object({
  name: name2to50,
  provider: z.enum(PROVIDERS).default('beta'),
  isDefault: z.boolean().default(false),
  greetingMessage: message.default(''),
  complationMessage: message.default(''),
  outOfHoursMessage: message.default(''),
  ratingMessage: message.default(''),
  expiresInactiveMessage: message.default(''),
  expiresTicket: minutesOr(0),
  timeUseBotQueues: minutesOr(0),
  maxUseBotQueues: orDefault(numeric(z.number().int().min(0).max(100)), 3),
  /** Blank (`''`) is none, as null: the form's cleared field. */
  timeToTransfer: z.preprocess((v) => (v === '' ? null : v), minutes.nullable()).default(null),
  transferQueueId: noneOr('queues'),
  promptId: noneOr('prompts'),
  integrationId: noneOr('queueIntegrations'),
  queueIds: z.array(ref('queues')).max(200).default([]),
  schedules: connectionSchedules.default([]),
  /** External API bearer; generated when omitted or blank (the spec's form starts with `''`), unchanged in an edit. */
  token: z.preprocess(
    (v) => (v === '' ? undefined : v),
    text().trim().min(16, 'tooShort').max(200, 'tooLong').regex(/^\S+$/, 'invalidToken').optional(),
  ),
  // Cloud API only (ignored for the other providers)
  phoneNumberId: keptWhenShown(
    z
      .string()
      .max(60)
      .trim()
      .regex(/^\d{5,30}$/, 'invalidPhoneNumberId'),
  ),
  accessToken: keptWhenShown(text().trim().min(10, 'tooShort').max(2000, 'tooLong')),
  appSecret: keptWhenShown(text().trim().min(8, 'tooShort').max(200, 'tooLong')),
  verifyToken: keptWhenShown(text().trim().min(8, 'tooShort').max(200, 'tooLong')),
  /** The WhatsApp Business Account whose templates the number sends (digits; blank clears it). */
  wabaId: z.preprocess(
    (v) => (v === '' ? null : v),
    z
      .string()
      .max(60)
      .trim()
      .regex(/^\d{5,30}$/, 'invalidWabaId')
      .nullable()
      .optional(),
  ),
  /** Sends the outbox may start per second (Meta's pace for the number); 80 when never set. */
  messagesPerSecond: numeric(z.number().int().min(1).max(1000)).optional(),
});
export type ConnectionBody = z.infer<typeof connectionBody>;

export const connectionUpdateBody = editOf(connectionBody);
export type ConnectionUpdateBody = z.infer<typeof connectionUpdateBody>;

export const connectionListQuery = z.object({
  session: z.string().max(20).optional(),
  companyId: z.string().max(20).optional(),
});

/**
 * `/webhooks/whatsapp/{connectionId}` (Meta's calls). The id stays text: anything that is not a
 * Cloud API connection, nonsense included, is one answer (404), as Meta sees it.
 */
export const cloudWebhookParams = z.object({
  connectionId: z
    .string()
    .max(20)
    .meta({ entity: 'whatsapps' } satisfies RefMeta),
});
/** Meta's subscription check: `hub.mode=subscribe`, the verify token, a challenge to echo. */
export const cloudWebhookVerifyQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/**
 * A connection as `GET /whatsapp` and the `whatsapp` event show it: the API token and the Cloud
 * API verify token to admins only, the Cloud API's secrets masked (last four characters).
 */
export interface Connection {
  id: number;
  companyId: number;
  name: string;
  provider: Provider;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  isDefault: boolean;
  /** The connected phone number (digits), '' until known. */
  number: string;
  token?: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  expiresInactiveMessage: string;
  expiresTicket: number;
  timeUseBotQueues: number;
  maxUseBotQueues: number;
  timeToTransfer: number | null;
  transferQueueId: number | null;
  promptId: number | null;
  integrationId: number | null;
  schedules: ScheduleDay[];
  phoneNumberId: string | null;
  accessToken: string | null;
  appSecret: string | null;
  verifyToken?: string | null;
  wabaId: string | null;
  /** Cloud API: sends the outbox starts per second at most. */
  messagesPerSecond: number;
  createdAt: string;
  updatedAt: string;
  queues: QueueRef[];
  queueIds: number[];
}

/** `company-{id}-whatsappSession`: a session's state as it changes (`number` once known). */
export interface ConnectionSession {
  id: number;
  name: string;
  status: ConnectionStatus;
  qrcode: string;
  retries: number;
  number?: string;
  updatedAt: string;
}

/** `POST /whatsapp/{id}/token`: the connection's new API token (the old one stops working at once). */
export interface ConnectionToken {
  id: number;
  token: string;
}

/** A Cloud API message template as `GET /whatsapp/{id}/templates` lists it (only APPROVED ones send). */
export interface MessageTemplate {
  name: string;
  language: string;
  status: string;
  category: string;
  /** Meta's components (HEADER, BODY, FOOTER, BUTTONS) as Meta describes them. */
  components: Array<{ type: string; format?: string; text?: string; buttons?: Array<Record<string, unknown>> }>;
  /** How many distinct `{{n}}` the BODY holds: the texts a send takes. */
  variables: number;
}
export interface TemplateList {
  templates: MessageTemplate[];
}
