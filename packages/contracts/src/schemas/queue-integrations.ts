import { z } from 'zod';
import { editOf, name2to50, numeric, orDefault, pageQuery, ref, text } from './common.js';
import { MESSAGE_MAX_LENGTH } from './messages.js';
import { isMaskedSecret } from './secrets.js';
import { outboundUrl, outboundUrlOrBlank } from './outbound-url.js';

/**
 * Queue integrations: an outside service (or a flow) that holds a queue's (or a connection's)
 * conversations before an attendant takes over. ARCHITECTURE.md, "Queue integrations".
 */

export const QUEUE_INTEGRATION_TYPES = ['dialogflow', 'n8n', 'webhook', 'typebot', 'flowbuilder'] as const;
export type QueueIntegrationType = (typeof QUEUE_INTEGRATION_TYPES)[number];

/** Dialogflow's languages the dialog offers. */
export const DIALOGFLOW_LANGUAGES = ['pt-BR', 'en', 'es'] as const;

export const TYPEBOT_DEFAULTS = { typebotDelayMessage: 1000, typebotExpires: 1 } as const;
/** Bounds: a bubble at most a minute after the last; a session idle at most a week. */
export const TYPEBOT_MAX_DELAY_MS = 60_000;
export const TYPEBOT_MAX_EXPIRES_MINUTES = 7 * 24 * 60;

/** Types whose `projectName` the server sets to the name (the spec's web does it too). */
export const NAMED_PROJECT_TYPES: readonly QueueIntegrationType[] = ['n8n', 'webhook', 'typebot', 'flowbuilder'];

/**
 * The fields of a Dialogflow service account key file (Google's JSON) that the integration uses.
 * `private_key` is PEM text; answers carry it masked (secrets.ts).
 */
export const dialogflowServiceAccount = z.object({
  type: z.string().max(100).optional(),
  project_id: z.string().min(1).max(200),
  private_key_id: z.string().max(200).optional(),
  private_key: z.string().min(1).max(10_000),
  client_email: z.string().min(3).max(300),
  token_uri: outboundUrl(['https://oauth2.googleapis.com/token']),
});
export type DialogflowServiceAccount = z.infer<typeof dialogflowServiceAccount>;

/** Parses a `jsonContent` as a service account, or answers undefined. */
export function readServiceAccount(jsonContent: string): DialogflowServiceAccount | undefined {
  try {
    const parsed = dialogflowServiceAccount.safeParse(JSON.parse(jsonContent));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** A flowbuilder integration's `jsonContent`: `{"flowId": n}`. */
export const flowbuilderContent = z.object({ flowId: ref('flows') });

/** Parses a flowbuilder `jsonContent`, or answers undefined. */
export function readFlowbuilderContent(jsonContent: string): { flowId: number } | undefined {
  try {
    const parsed = flowbuilderContent.safeParse(JSON.parse(jsonContent));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

// Its example: a URL the generated suites can start from (no draw makes one by chance).
const httpUrl = outboundUrlOrBlank();
const shortText = text().trim().max(200, 'tooLong');
const messageText = text().max(MESSAGE_MAX_LENGTH, 'tooLong');

const integrationFields = {
  type: z.enum(QUEUE_INTEGRATION_TYPES),
  name: name2to50,
  /** Dialogflow: the agent's project (the service account's `project_id` is used to call it). */
  projectName: shortText.optional().default(''),
  /** Dialogflow: the service account key file (JSON); flowbuilder: `{"flowId": n}` ('' none chosen). */
  jsonContent: text().max(20_000, 'tooLong').optional().default(''),
  language: orDefault(z.enum(DIALOGFLOW_LANGUAGES), 'pt-BR'),
  /** webhook / n8n: where messages are posted; typebot: the Typebot viewer's base URL. */
  urlN8N: httpUrl.optional().default(''),
  typebotSlug: shortText.optional().default(''),
  typebotExpires: orDefault(
    numeric(z.number().int().min(0).max(TYPEBOT_MAX_EXPIRES_MINUTES)),
    TYPEBOT_DEFAULTS.typebotExpires,
  ),
  typebotKeywordFinish: shortText.optional().default(''),
  typebotKeywordRestart: shortText.optional().default(''),
  typebotRestartMessage: messageText.optional().default(''),
  typebotUnknownMessage: messageText.optional().default(''),
  typebotDelayMessage: orDefault(
    numeric(z.number().int().min(0).max(TYPEBOT_MAX_DELAY_MS)),
    TYPEBOT_DEFAULTS.typebotDelayMessage,
  ),
};

type IntegrationShape = {
  type?: QueueIntegrationType;
  jsonContent?: string;
  urlN8N?: string;
  typebotSlug?: string;
};

/**
 * What each type needs: webhook, n8n and typebot a URL; typebot its slug; dialogflow a service
 * account (or the mask of the stored one, on edit); flowbuilder `{"flowId": n}` or nothing yet. On an edit
 * (`partial`), only the fields sent are checked against the type sent (the server checks the
 * saved whole again).
 */
export function checkIntegrationFields(value: IntegrationShape, ctx: z.RefinementCtx, partial = false): void {
  const need = (field: keyof IntegrationShape, ok: boolean, message: string) => {
    if (partial && value[field] === undefined) return;
    if (!ok) ctx.addIssue({ code: 'custom', path: [field], message });
  };
  switch (value.type) {
    case 'webhook':
    case 'n8n':
      need('urlN8N', !!value.urlN8N, 'required');
      break;
    case 'typebot':
      need('urlN8N', !!value.urlN8N, 'required');
      need('typebotSlug', !!value.typebotSlug, 'required');
      break;
    case 'dialogflow': {
      const json = value.jsonContent ?? '';
      need('jsonContent', readServiceAccount(json) !== undefined || hasMaskedKey(json), 'invalidServiceAccount');
      break;
    }
    case 'flowbuilder': {
      // Blank: no flow chosen yet (the spec's dialog has only a name); it then hands tickets to
      // attendants with a note, as for a flow gone.
      const json = value.jsonContent ?? '';
      need('jsonContent', json.trim() === '' || readFlowbuilderContent(json) !== undefined, 'invalidFlow');
      break;
    }
    default:
  }
}

/** A service account sent back as the API answered it (its private key masked). */
function hasMaskedKey(jsonContent: string): boolean {
  try {
    const parsed = JSON.parse(jsonContent) as { private_key?: unknown };
    return typeof parsed.private_key === 'string' && isMaskedSecret(parsed.private_key);
  } catch {
    return false;
  }
}

/** `POST /queueIntegration`. */
export const queueIntegrationBody = z
  .object(integrationFields)
  .superRefine((value, ctx) => checkIntegrationFields(value, ctx));
export type QueueIntegrationBody = z.infer<typeof queueIntegrationBody>;

/** `PUT /queueIntegration/{id}`: the fields given change; the saved whole must still fit its type. */
export const queueIntegrationUpdateBody = editOf(z.object(integrationFields)).superRefine((value, ctx) =>
  checkIntegrationFields(value, ctx, true),
);
export type QueueIntegrationUpdateBody = z.infer<typeof queueIntegrationUpdateBody>;

/**
 * A webhook / n8n delivery: `POST urlN8N` with the JSON below, headers `Idempotency-Key` (the same
 * on every attempt of one message), `X-Balcao-Timestamp` (unix seconds of the attempt) and
 * `X-Balcao-Signature: sha256=<hex>` (HMAC-SHA256 with `signingSecret` of `{timestamp}.{body}`).
 * A 2xx ends it; anything else is tried again with back-off.
 */
export const WEBHOOK_HEADERS = {
  idempotencyKey: 'Idempotency-Key',
  timestamp: 'X-Balcao-Timestamp',
  signature: 'X-Balcao-Signature',
} as const;

/** The documented body of a delivery (no internal objects). */
export interface WebhookDelivery {
  event: 'message.received';
  /** The delivery's id: equal to its Idempotency-Key. */
  id: string;
  companyId: number;
  message: {
    id: number;
    type: string;
    body: string;
    /** A media message's file, fetched with the external API's token, else null. */
    mediaUrl: string | null;
    mediaType: string | null;
    fromMe: boolean;
    createdAt: string;
  };
  contact: { id: number; name: string; number: string; email: string };
  ticket: { id: number; uuid: string; status: string; queueId: number | null; userId: number | null };
  connection: { id: number; name: string; number: string | null };
}

/** `POST /queueIntegration/testSession`: whether the Dialogflow agent answers. */
export const integrationTestBody = z.object({
  projectName: shortText.optional().default(''),
  jsonContent: text().min(1, 'required').max(20_000, 'tooLong'),
  language: orDefault(z.enum(DIALOGFLOW_LANGUAGES), 'pt-BR'),
  /** What to say to the agent (default "Olá"). */
  text: text().trim().min(1).max(256, 'tooLong').optional(),
});
export type IntegrationTestBody = z.infer<typeof integrationTestBody>;

/** The answer of testSession: `ok` when the agent answered, with its texts. */
export interface IntegrationTestResult {
  ok: boolean;
  replies: string[];
  /** Why not, when `ok` is false (the token or the agent's error, in English). */
  error?: string;
}

/** `GET /queueIntegration`: integrations whose name contains `searchParam`, by name, 20 a page. */
export const queueIntegrationsQuery = pageQuery;

export interface QueueIntegration {
  id: number;
  type: QueueIntegrationType;
  name: string;
  projectName: string;
  /** Dialogflow: the key file with its `private_key` masked; flowbuilder: `{"flowId": n}`. */
  jsonContent: string;
  language: string;
  urlN8N: string;
  typebotSlug: string;
  typebotExpires: number;
  typebotKeywordFinish: string;
  typebotKeywordRestart: string;
  typebotRestartMessage: string;
  typebotUnknownMessage: string;
  typebotDelayMessage: number;
  /**
   * webhook / n8n: the key of the deliveries' HMAC signature (`X-Balcao-Signature`), made by the
   * server at creation for the receiver to check; '' for the other types.
   */
  signingSecret: string;
  createdAt: string;
  updatedAt: string;
}

export interface QueueIntegrationsPage {
  queueIntegrations: QueueIntegration[];
  count: number;
  hasMore: boolean;
}
