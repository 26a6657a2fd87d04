import type { z } from 'zod';
import { defineJob } from '../../platform/jobs.js';
import { messageJobSchema } from '../message-jobs.js';

/**
 * How a stored customer message reaches a flow, as the chatbot's does: its job is queued in the
 * transaction that stores the message and claimed by the storing process right after the commit
 * (the flow's transaction deletes the row, so the step and the job's consumption commit
 * together), with a worker's retry after the safety net (message-jobs.ts: `queueMessageJobs`,
 * `claimMessageJob`).
 */

/** The flow's turn on one stored customer message: start a flow, or answer the run's menu or question. */
export const flowTurnJobDef = defineJob({
  name: 'flow-turn',
  version: 1,
  schema: messageJobSchema,
  retryLimit: 5,
  retryDelaySeconds: 2,
  policy: 'short',
});

export type FlowTurnJob = z.infer<typeof flowTurnJobDef.schema>;
