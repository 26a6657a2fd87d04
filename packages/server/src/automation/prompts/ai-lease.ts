import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { claimMessageJob, SAFETY_NET_SECONDS } from '../message-jobs.js';
import { promptTurnJobDef, type PromptTurnJob } from './prompt-jobs.js';

/**
 * How long a turn may take before a worker does it again: a transcription and a completion, each
 * up to 3 attempts of OPENAI_TIMEOUT_MS (30 s) with their back-off (ai-retry.ts), fit in it.
 */
export const AI_LEASE_SECONDS = 300;

/** A turn still under way this long after it began renews its hold before the safety net fires. */
const RENEW_AFTER_MS = (SAFETY_NET_SECONDS - 3) * 1000;

/**
 * The storing process's hold on the job of the turn it runs. The job waits `SAFETY_NET_SECONDS`
 * before a worker may take it, and the turn's write deletes it with the answer (the chatbot's
 * claim). A model that takes longer than that would let a worker start the same turn, so a turn
 * still under way after `RENEW_AFTER_MS` claims the job and queues its **lease** in its place
 * (the same job, fetchable after `AI_LEASE_SECONDS`): the write deletes the lease instead. A
 * worker that took the job first wins: `release()` then answers undefined and the turn writes
 * nothing. Quick turns (most) write no job row before the write.
 */
export function holdTurnJob(deps: Deps, job: PromptTurnJob, jobId: string) {
  let current: string | undefined = jobId;
  let renewing: Promise<void> | undefined;
  const timer = setTimeout(() => {
    renewing = runTenant(deps, job.companyId, async (tx) => {
      if ((await tx.execute(claimMessageJob(promptTurnJobDef, jobId))).rows.length === 0) return undefined;
      return queueAiLease(deps, tx, job);
    }).then(
      (lease) => void (current = lease),
      // Nothing changed: the job is still there, for the write (or a worker) to take.
      (err: unknown) => deps.log.warn({ err, ticketId: job.ticketId }, 'AI turn lease not renewed'),
    );
  }, RENEW_AFTER_MS);
  return {
    /** Stops renewing; answers the job row the write must delete (undefined: a worker holds it). */
    async release(): Promise<string | undefined> {
      clearTimeout(timer);
      await renewing;
      return current;
    },
  };
}

/**
 * Queues the lease of an AI turn (see holdTurnJob), in the transaction that claimed its job.
 * Answers its id.
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
