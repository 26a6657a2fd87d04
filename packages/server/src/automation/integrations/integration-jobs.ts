import { z } from 'zod';
import { defineJob } from '../../platform/jobs.js';
import { messageJobSchema } from '../message-jobs.js';

/**
 * How a stored customer message reaches the ticket's integration, as the chatbot's does: queued
 * in the storing transaction, claimed by the storing process right after the commit, retried by
 * a worker after the safety net (message-jobs.ts).
 */
export const integrationTurnJobDef = defineJob({
  name: 'integration-turn',
  version: 1,
  schema: messageJobSchema,
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type IntegrationTurnJob = z.infer<typeof integrationTurnJobDef.schema>;

/**
 * A ticket entered an integration that speaks first (holder-entry.ts): Typebot's opening, or a
 * flowbuilder's flow. Queued in the transaction that gave the ticket its integration, fetched at
 * once by a worker; it acts only while the ticket still holds that integration.
 */
export const integrationStartJobDef = defineJob({
  name: 'integration-start',
  version: 1,
  schema: z.object({
    companyId: z.number().int().positive(),
    ticketId: z.number().int(),
    integrationId: z.number().int(),
  }),
  retryLimit: 3,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type IntegrationStartJob = z.infer<typeof integrationStartJobDef.schema>;

/**
 * One webhook / n8n delivery still to be accepted: the body as first built (every attempt posts
 * the same bytes under the same Idempotency-Key), retried with back-off until a 2xx
 * (webhook-delivery.ts). The first attempt is the storing process's, right after the turn commits;
 * this job is the rest.
 */
export const webhookDeliveryJobDef = defineJob({
  name: 'webhook-delivery',
  version: 1,
  schema: z.object({
    companyId: z.number().int().positive(),
    integrationId: z.number().int(),
    messageId: z.number().int(),
    /** The documented JSON (contracts' WebhookDelivery), as sent. */
    body: z.string(),
  }),
  retryLimit: 8,
  retryDelaySeconds: 10,
});

export type WebhookDeliveryJob = z.infer<typeof webhookDeliveryJobDef.schema>;
