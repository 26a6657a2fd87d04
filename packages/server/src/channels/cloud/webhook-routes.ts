import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { cloudWebhookParams, cloudWebhookVerifyQuery } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { limitFailures } from '../../platform/rate-events.js';
import type { EventsFor } from '../channel.js';
import { Admission } from './admission.js';
import { handleDelivery, type CloudConnection } from './handle-delivery.js';
import { validSignature } from './signature.js';
import { webhookDelivery } from './webhook-payload.js';

type WebhookConnection = CloudConnection & { appSecret: string | null; verifyToken: string | null };

const columns = {
  id: whatsapps.id,
  companyId: whatsapps.companyId,
  phoneNumberId: whatsapps.phoneNumberId,
  accessToken: whatsapps.accessToken,
  appSecret: whatsapps.appSecret,
  verifyToken: whatsapps.verifyToken,
};

/**
 * Deliveries handled at once by this process; more wait in line, up to a bound, then get 429.
 * Their messages reach the database through the pipeline's group commit (inbox/group-commit.ts:
 * a few transactions at a time per company), so this bounds work in flight (media downloads,
 * statuses), and the more deliveries wait together, the bigger and fewer the transactions: 64,
 * so that Meta's 64 in flight spread over ten companies still make batches of ~3 (32 left ~1.6:
 * docs/bench/cloud-webhook.md).
 */
const MAX_ACTIVE_DELIVERIES = 64;
const MAX_WAIT_MS = 5_000;
const MAX_QUEUED = 1_000;
/**
 * A connection's webhook fields are read again after this long: a changed app secret or verify
 * token applies within it (Meta delivers again what was refused meanwhile). Found ones only.
 */
const CONNECTION_TTL_MS = 2_000;
const CONNECTION_CACHE_MAX = 10_000;

/** Meta has no session; it reads no security headers either (skipping them shows at a thousand deliveries a second). */
const routeOptions = { config: { public: true }, helmet: false } as const;
const verifyOptions = { ...routeOptions, schema: { params: cloudWebhookParams, querystring: cloudWebhookVerifyQuery } };
/** A delivery is read only once its X-Hub-Signature-256 holds (then checked against `webhookDelivery`). */
const deliveryOptions = {
  ...routeOptions,
  schema: { params: cloudWebhookParams },
  config: { ...routeOptions.config, input: { signed: 'x-hub-signature-256' } },
} as const;

/**
 * Wrong verify tokens (Meta's subscription check) count per connection and per address in 15
 * minutes: past either limit the check answers 429, so a verify token cannot be guessed. Meta
 * asks once, when the webhook is set up; a right token never counts.
 */
export const VERIFY_TOKEN_LIMIT = { perConnection: 30, perAddress: 10, windowMinutes: 15 } as const;
const verifyRules = (connectionId: number, ip: string) => [
  {
    kind: 'webhook-verify-fail',
    key: `whatsapp:${connectionId}`,
    max: VERIFY_TOKEN_LIMIT.perConnection,
    windowMinutes: VERIFY_TOKEN_LIMIT.windowMinutes,
  },
  {
    kind: 'webhook-verify-fail',
    key: `ip:${ip}`,
    max: VERIFY_TOKEN_LIMIT.perAddress,
    windowMinutes: VERIFY_TOKEN_LIMIT.windowMinutes,
  },
];

const refused = (message: string) => new AppError('ERR_INVALID_CREDENTIALS', message, { status: 401 });

/**
 * Meta's webhook for Cloud API connections, `GET/POST /api/webhooks/whatsapp/{connectionId}`,
 * public (Meta has no session): the verify token proves the subscription, the X-Hub-Signature-256
 * HMAC of the raw body with the connection's app secret proves each delivery. Nothing is read
 * from a delivery before its signature is checked. A delivery is answered 200 once everything in
 * it is stored; anything else (an error, 429 when this process is saturated) makes Meta deliver
 * it again, which is harmless: storing is idempotent. What a delivery holds enters the pipeline
 * through `eventsFor`, the door every provider reports through.
 */
export const cloudWebhookRoutes =
  (deps: Deps, eventsFor: EventsFor): FastifyPluginAsync =>
  async (app) => {
    // The signature covers the bytes as sent: keep them (this plugin only; JSON is parsed below).
    app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) => done(null, body));

    const db = deps.pools.platformDb;
    const admission = new Admission(MAX_ACTIVE_DELIVERIES, MAX_WAIT_MS, MAX_QUEUED);
    const cache = new Map<number, { conn: WebhookConnection; until: number }>();
    const load = async (param: string): Promise<WebhookConnection> => {
      const id = /^\d{1,10}$/.test(param) ? Number(param) : 0;
      if (id <= 0 || id > 2_147_483_647) throw notFound('connection');
      const cached = cache.get(id);
      if (cached && cached.until > Date.now()) return cached.conn;
      const [conn] = await db
        .select(columns)
        .from(whatsapps)
        .where(and(eq(whatsapps.id, id), eq(whatsapps.provider, 'cloud')));
      if (!conn) {
        cache.delete(id);
        throw notFound('connection');
      }
      if (cache.size >= CONNECTION_CACHE_MAX) cache.clear();
      cache.set(id, { conn, until: Date.now() + CONNECTION_TTL_MS });
      return conn;
    };

    app.get<{ Params: { connectionId: string }; Querystring: Record<string, string | undefined> }>(
      '/:connectionId',
      verifyOptions,
      async (req, reply) => {
        const conn = await load(req.params.connectionId);
        const q = req.query;
        await limitFailures(db, verifyRules(conn.id, req.ip), async () => {
          if (q['hub.mode'] !== 'subscribe' || !sameText(q['hub.verify_token'], conn.verifyToken)) {
            throw refused('Wrong verify token');
          }
        });
        return reply.type('text/plain; charset=utf-8').send(q['hub.challenge'] ?? '');
      },
    );

    app.post<{ Params: { connectionId: string } }>('/:connectionId', deliveryOptions, async (req, reply) => {
      const conn = await load(req.params.connectionId);
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      if (!validSignature(raw, req.headers['x-hub-signature-256'], conn.appSecret)) {
        throw refused('Missing or wrong X-Hub-Signature-256');
      }
      let json: unknown;
      try {
        json = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('ERR_VALIDATION', 'The body is not JSON', { fields: { body: 'invalid' } });
      }
      const parsed = webhookDelivery.safeParse(json);
      if (!parsed.success)
        throw new AppError('ERR_VALIDATION', 'Not a WhatsApp webhook delivery', { fields: { entry: 'invalid' } });
      const outcome = await admission.run(async () => {
        // Meta gave up waiting (it will deliver again): do not store for nobody.
        if (req.raw.socket.destroyed) return undefined;
        return handleDelivery(deps, parsed.data, router(conn), eventsFor);
      });
      if (!outcome.admitted) {
        req.log.warn(
          { whatsappId: conn.id, ...admission.load },
          'cloud webhook: busy, delivery refused for a later retry',
        );
        reply.header('retry-after', '5');
        throw new AppError('ERR_RATE_LIMITED', 'Too many deliveries at once; deliver again later');
      }
      if (outcome.value) req.log.debug({ whatsappId: conn.id, ...outcome.value }, 'cloud webhook delivery');
      return reply.status(200).send({ ok: true });
    });

    /**
     * The URL names the connection. An app subscribed for several numbers may still send one
     * number's changes to another's URL: a change whose metadata names a sibling connection
     * (same company, same app secret, so the signature holds for it too) is stored there.
     */
    function router(conn: WebhookConnection) {
      const seen = new Map<string, Promise<CloudConnection>>();
      return (phoneNumberId: string | undefined): Promise<CloudConnection> => {
        if (!phoneNumberId || !conn.phoneNumberId || phoneNumberId === conn.phoneNumberId) return Promise.resolve(conn);
        let found = seen.get(phoneNumberId);
        if (!found) {
          found = db
            .select(columns)
            .from(whatsapps)
            .where(
              and(
                eq(whatsapps.companyId, conn.companyId),
                eq(whatsapps.provider, 'cloud'),
                eq(whatsapps.phoneNumberId, phoneNumberId),
              ),
            )
            .then((rows) => rows.find((r) => r.appSecret === conn.appSecret) ?? conn);
          seen.set(phoneNumberId, found);
        }
        return found;
      };
    }
  };

/** Constant-time comparison of a presented secret with the stored one; no stored one never matches. */
function sameText(given: string | undefined, stored: string | null): boolean {
  if (!stored || typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}
