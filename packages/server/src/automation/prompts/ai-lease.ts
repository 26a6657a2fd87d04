import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { promptTurnJobDef, type PromptTurnJob } from './prompt-jobs.js';

/**
 * How long a turn may take before a worker does it again: a transcription and a completion, each
 * up to 3 attempts of OPENAI_TIMEOUT_MS (30 s) with their back-off (ai-retry.ts), fit in it.
 */
export const AI_LEASE_SECONDS = 300;

/**
 * Queues the lease of an AI turn run by the storing process, in the transaction that claimed its
 * job: the same job again, fetched by a worker only after `AI_LEASE_SECONDS` (the process died,
 * or the turn overran). The turn's write deletes it with the answer. Answers its id.
 */
export async function queueAiLease(deps: Deps, tx: Tx, job: PromptTurnJob): Promise<string> {
  const id = randomUUID();
  await deps.jobs.insertWithin(tx, promptTurnJobDef, [
    { id, payload: job, singletonKey: `message:${job.messageId}`, startAfterSeconds: AI_LEASE_SECONDS },
  ]);
  return id;
}

/**
 * Queues the AI's turn on `job`'s message for a worker to fetch at once (a flow's openai node:
 * the step that took the message queues it in its own transaction, so it exists exactly when the
 * step committed).
 */
export async function queueAiTurn(deps: Deps, tx: Tx, job: PromptTurnJob): Promise<void> {
  await deps.jobs.insertWithin(tx, promptTurnJobDef, [
    { id: randomUUID(), payload: job, singletonKey: `message:${job.messageId}` },
  ]);
}
