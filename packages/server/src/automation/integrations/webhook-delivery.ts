import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { WEBHOOK_HEADERS, type WebhookDelivery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { outboundClient } from '../../platform/outbound/client.js';
import { claimWaitingJob } from '../../platform/pg-boss-internals.js';
import type { OutboundAllowance } from '../../platform/outbound/policy.js';
import { webhookDeliveryJobDef, type WebhookDeliveryJob } from './integration-jobs.js';
import type { IntegrationRow, IntegrationTurn } from './integration-turn-read.js';
import { signDelivery } from './webhook-signature.js';
import { externalMediaPath } from '../../modules/external-api/message-media.js';

/**
 * Webhook and n8n: every customer message of a ticket the integration holds is posted to its
 * `urlN8N` as the documented JSON (contracts' `WebhookDelivery`: the message, contact, ticket and
 * connection, no internal objects), with `Idempotency-Key` (the same on every attempt of one
 * message to one integration), `X-Balcao-Timestamp` and `X-Balcao-Signature`.
 *
 * - The turn's transaction (integration-turn.ts) queues a `webhook-delivery` job holding the body,
 *   not fetchable before `WEBHOOK_RETRY_SECONDS`: the delivery exists exactly when the turn
 *   committed.
 * - Right after that commit the storing process makes the first attempt itself (no job fetch in
 *   between); its timeout ends before the job may be fetched, so the two never overlap. A 2xx
 *   deletes the job: never again. Anything else leaves it to the workers.
 * - The job retries with back-off (pg-boss: each wait about twice the last, 8 times) until a 2xx,
 *   reading the integration's URL and secret as they are then (a corrected URL applies); an
 *   integration deleted meanwhile ends it.
 * - At least once, never twice after a 2xx known to us: a crash right after the receiver's 2xx
 *   and before the job is deleted or completed brings one more attempt, with the same
 *   Idempotency-Key — receivers drop a key they already took.
 *
 * Replies come back through the external API (`POST /api/messages/send` with the connection's
 * token); nothing in a delivery's answer is read.
 */

/** One attempt's timeout for the workers' attempts. */
const ATTEMPT_TIMEOUT_MS = 10_000;

/** The key of one message's delivery to one integration. */
export const deliveryKey = (integrationId: number, messageId: number) => `balcao-${integrationId}-${messageId}`;

/** The documented body of a message's delivery. */
export function deliveryOf(
  turn: IntegrationTurn & { integration: IntegrationRow; message: NonNullable<IntegrationTurn['message']> },
  publicUrl = '',
): WebhookDelivery {
  const { ticket, message: m, contact, connection } = turn;
  return {
    event: 'message.received',
    id: deliveryKey(turn.integration.id, m.id),
    companyId: ticket.companyId,
    message: {
      id: m.id,
      type: m.mediaType,
      body: m.body,
      // Fetched with the connection's API token; absolute when PUBLIC_URL is set.
      mediaUrl: m.mediaUrl ? `${publicUrl.replace(/\/$/, '')}${externalMediaPath(m.id)}` : null,
      mediaType: m.mediaUrl ? m.mediaType : null,
      fromMe: m.fromMe,
      createdAt: m.createdAt.toISOString(),
    },
    contact: { id: contact.id, name: contact.name, number: contact.number, email: contact.email },
    ticket: { id: ticket.id, uuid: ticket.uuid, status: ticket.status, queueId: ticket.queueId, userId: ticket.userId },
    connection: connection
      ? { id: connection.id, name: connection.name, number: connection.number || null }
      : {
          id: ticket.whatsappId ?? 0,
          name: '',
          number: null,
        },
  };
}

export interface QueuedDelivery {
  jobId: string;
  companyId: number;
  integration: Pick<IntegrationRow, 'id' | 'urlN8N' | 'signingSecret'>;
  messageId: number;
  body: string;
}

/** Queues the message's delivery job in the turn's transaction (see above); the first attempt follows the commit. */
export async function queueDelivery(
  deps: Deps,
  tx: Tx,
  turn: Parameters<typeof deliveryOf>[0],
): Promise<QueuedDelivery> {
  const body = JSON.stringify(deliveryOf(turn, deps.config.PUBLIC_URL));
  const jobId = randomUUID();
  const seconds = deps.config.WEBHOOK_RETRY_SECONDS;
  await deps.jobs.insertWithin(tx, webhookDeliveryJobDef, [
    {
      id: jobId,
      payload: {
        companyId: turn.ticket.companyId,
        integrationId: turn.integration.id,
        messageId: turn.message.id,
        body,
      },
      singletonKey: `delivery:${turn.integration.id}:${turn.message.id}`,
      startAfterSeconds: seconds,
      retryDelaySeconds: seconds,
    },
  ]);
  return { jobId, companyId: turn.ticket.companyId, integration: turn.integration, messageId: turn.message.id, body };
}

/** The storing process's first attempt: a 2xx deletes the job (never again); else the job retries. */
export async function firstAttempt(deps: Deps, d: QueuedDelivery): Promise<void> {
  // Over before the job may be fetched (WEBHOOK_RETRY_SECONDS): the worker's attempt never overlaps it.
  const timeoutMs = Math.max(500, Math.min(ATTEMPT_TIMEOUT_MS, deps.config.WEBHOOK_RETRY_SECONDS * 1000 - 500));
  const allowance = deps.config.OUTBOUND_ALLOWED_HOSTS;
  const key = deliveryKey(d.integration.id, d.messageId);
  const status = await attempt(allowance, d.integration, key, d.body, timeoutMs).catch((err: unknown) => {
    deps.log.info({ err, integrationId: d.integration.id, messageId: d.messageId }, 'webhook delivery failed; retried');
    return 0;
  });
  if (status < 200 || status >= 300) {
    if (status)
      deps.log.info({ status, integrationId: d.integration.id, messageId: d.messageId }, 'webhook refused; retried');
    return;
  }
  await runTenant(deps, d.companyId, (tx) => tx.execute(claimWaitingJob(webhookDeliveryJobDef.name, d.jobId)));
}

/** The job's attempt: a 2xx ends it; anything else throws, and pg-boss tries again later. */
export async function deliverWebhook(deps: Deps, job: WebhookDeliveryJob): Promise<void> {
  const [integration] = await runTenant(deps, job.companyId, async (tx) => {
    const { rows } = await tx.execute<{ id: number; urlN8N: string; signingSecret: string }>(sql`
      select id, url_n8n as "urlN8N", signing_secret as "signingSecret" from queue_integrations
      where id = ${job.integrationId} and type in ('webhook', 'n8n')`);
    return rows;
  });
  if (!integration?.urlN8N) {
    deps.log.warn(
      { integrationId: job.integrationId, messageId: job.messageId },
      'webhook delivery dropped: integration gone',
    );
    return;
  }
  const status = await attempt(
    deps.config.OUTBOUND_ALLOWED_HOSTS,
    integration,
    deliveryKey(job.integrationId, job.messageId),
    job.body,
    ATTEMPT_TIMEOUT_MS,
  );
  if (status < 200 || status >= 300) throw new Error(`webhook answered ${status}`);
}

/**
 * One POST of the delivery, signed now, through the outbound policy (an internal address throws
 * OutboundRefused, logged or kept as the job's error); answers the HTTP status, the body unread.
 */
async function attempt(
  allowance: OutboundAllowance,
  integration: Pick<IntegrationRow, 'urlN8N' | 'signingSecret'>,
  key: string,
  body: string,
  timeoutMs: number,
): Promise<number> {
  const timestamp = Math.floor(Date.now() / 1000);
  const answer = await outboundClient(allowance).request(integration.urlN8N, {
    method: 'POST',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'user-agent': 'Balcao-Webhook/1',
      [WEBHOOK_HEADERS.idempotencyKey]: key,
      [WEBHOOK_HEADERS.timestamp]: String(timestamp),
      [WEBHOOK_HEADERS.signature]: signDelivery(integration.signingSecret, timestamp, body),
    },
    body,
    timeoutMs,
    maxBytes: 0,
    wantBody: () => false,
  });
  return answer.status;
}
