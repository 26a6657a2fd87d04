import type { z } from 'zod';
import { defineJob } from '../../platform/jobs.js';
import { messageJobSchema } from '../message-jobs.js';

/**
 * How a stored customer message reaches the ticket's AI prompt, as the chatbot's does: queued in
 * the storing transaction, claimed by the storing process right after the commit, retried by a
 * worker after the safety net (message-jobs.ts).
 */
export const promptTurnJobDef = defineJob({
  name: 'prompt-turn',
  version: 1,
  schema: messageJobSchema,
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type PromptTurnJob = z.infer<typeof promptTurnJobDef.schema>;
