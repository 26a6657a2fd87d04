import type { z } from 'zod';
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
