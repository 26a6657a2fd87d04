import path from 'node:path';
import { z } from 'zod';
import { parseAllowance } from './platform/outbound/policy.js';

/** Every environment variable of the contract (ARCHITECTURE.md §1), parsed once. */
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v.trim()));

const urlOrUnset = (name: string) =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), `${name} must be a URL`);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(8080),
  HOST: z.string().default('127.0.0.1'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: urlOrUnset('DATABASE_URL'),
  PUBLIC_URL: urlOrUnset('PUBLIC_URL'),
  ADMIN_EMAIL: z.string().email('ADMIN_EMAIL must be an email').default('admin@balcao.local'),
  ADMIN_PASSWORD: optionalString.refine(
    (v) => v === undefined || v.length >= 5,
    'ADMIN_PASSWORD must have at least 5 characters',
  ),
  JWT_SECRET: optionalString.refine((v) => v === undefined || v.length >= 32, 'JWT_SECRET must have 32+ characters'),
  JWT_REFRESH_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    'JWT_REFRESH_SECRET must have 32+ characters',
  ),
  SMTP_URL: urlOrUnset('SMTP_URL'),
  MAIL_FROM: z.string().default('Balcão <no-reply@balcao.local>'),
  WHATSAPP_CLOUD_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
  OPENAI_BASE_URL: z.string().url().default('https://api.openai.com/v1'),
  /** How long one call to the AI endpoint (a completion, a transcription) may go without answering. */
  OPENAI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Azure Speech's text-to-speech for prompts with a voice; `{region}` is the prompt's region. */
  AZURE_TTS_URL: z.string().default('https://{region}.tts.speech.microsoft.com/cognitiveservices/v1'),
  ASAAS_API_URL: z.string().url().default('https://api.asaas.com/v3'),
  /** The token Asaas sends in `asaas-access-token` with each webhook; unset, the payment webhook refuses all. */
  ASAAS_WEBHOOK_TOKEN: optionalString,
  /** Dialogflow ES's REST API (the OAuth token URL comes from each service account's `token_uri`). */
  DIALOGFLOW_API_URL: z.string().url().default('https://dialogflow.googleapis.com'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  /** STORAGE=s3: the bucket (required), an S3-compatible endpoint (unset = AWS) and credentials. */
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.refine(
    (v) => v === undefined || (/^https?:\/\//i.test(v) && URL.canParse(v)),
    'S3_ENDPOINT must be an http(s) URL',
  ),
  S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** How often each process passes over campaigns: a send waits at most this beyond its interval. */
  CAMPAIGN_SWEEP_MS: z.coerce.number().int().min(10).max(60_000).default(500),
  /** How often each process closes the sockets of companies whose due date passed: they stay open at most this longer. */
  EXPIRY_SWEEP_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** How often each process looks for flow runs whose interval ended: a wait lasts at most this longer. */
  FLOW_SWEEP_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  /**
   * Webhook / n8n deliveries: seconds before the first retry of a failed delivery, and the base of
   * the back-off after it (pg-boss: each retry waits about twice as long, 8 retries).
   */
  WEBHOOK_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Behind a reverse proxy: trust X-Forwarded-For for the client address (rate limits). */
  TRUST_PROXY: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * How long the outbox waits for Meta's status of a Cloud API message whose send was cut short (the
   * process died mid-send) before sending it again.
   */
  OUTBOX_IN_DOUBT_MS: z.coerce.number().int().min(0).max(86_400_000).default(120_000),
  /**
   * Hosts, addresses or CIDRs (comma list) that the URLs a tenant types may reach though they are
   * internal (platform/outbound/policy.ts); empty = only public addresses.
   */
  OUTBOUND_ALLOWED_HOSTS: z
    .string()
    .default('')
    .transform((v, ctx) => {
      try {
        return parseAllowance(v);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: `OUTBOUND_ALLOWED_HOSTS: ${(err as Error).message}` });
        return z.NEVER;
      }
    }),
  /** Prometheus may read GET /metrics with `Authorization: Bearer <this>`; unset, there is no /metrics. */
  METRICS_TOKEN: optionalString.refine(
    (v) => v === undefined || v.length >= 16,
    'METRICS_TOKEN must have 16+ characters',
  ),
  /**
   * On SIGTERM, /api/ready answers 503 for this long while the process still serves, so a proxy
   * polling it stops sending before the listener closes (set it to the proxy's check interval).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/** Rules across variables; checked even when another variable is bad, so one error names every problem. */
const checkedEnv = envSchema.superRefine(
  (env, ctx) => {
    if (env.STORAGE === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'S3_BUCKET is required when STORAGE=s3' });
    }
    // Half a key pair would silently fall back to the SDK's default chain: refuse it instead.
    if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
      const missing = env.S3_ACCESS_KEY_ID ? 'S3_SECRET_ACCESS_KEY' : 'S3_ACCESS_KEY_ID';
      ctx.addIssue({
        code: 'custom',
        path: [missing],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
      });
    }
  },
  { when: () => true },
);

export type Config = Omit<z.infer<typeof envSchema>, 'DATA_DIR'> & { DATA_DIR: string };

/** Whether browsers reach the product over https (PUBLIC_URL's scheme; unset = plain http). */
export const servedOverHttps = (config: Pick<Config, 'PUBLIC_URL'>): boolean =>
  config.PUBLIC_URL !== undefined && new URL(config.PUBLIC_URL).protocol === 'https:';

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = checkedEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, DATA_DIR: path.resolve(parsed.data.DATA_DIR) };
}
