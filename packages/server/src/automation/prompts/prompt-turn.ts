import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { claimMessageJob } from '../message-jobs.js';
import { answerWithAi } from './ai-turn.js';
import { promptTurnJobDef, type PromptTurnJob } from './prompt-jobs.js';

/**
 * How long a turn may take before a worker does it again: a transcription and a completion, each
 * up to 3 attempts of OPENAI_TIMEOUT_MS (30 s) with their back-off (ai-retry.ts), fit in it.
 */
export const AI_LEASE_SECONDS = 300;

/**
 * The AI's turn on one stored customer message (the prompt's, or a flow's openai node's).
 *
 * Run by the storing process right after the commit (`claim`: the job the storing transaction
 * queued), it claims the job in a transaction that also queues the turn's **lease**: the same job
 * again, fetched by a worker only after `AI_LEASE_SECONDS`. The turn itself (ai-turn.ts: read,
 * the model's call, write) then goes on in the background, so the delivery is answered without
 * waiting for the model; its write deletes the lease with the answer (one commit). If the process
 * dies, or the turn overruns, the lease's worker does it again, and the first of the two to write
 * wins (the other finds its lease gone, or the message answered). One ticket's turns run one after
 * the other in this process, in the order their messages came.
 *
 * Run by a worker (no `claim`: the safety net, a lease, a message handed on by holder-entry.ts),
 * the whole turn is awaited.
 */
export async function runPromptTurn(deps: Deps, job: PromptTurnJob, opts: { claim?: string } = {}): Promise<void> {
  if (!opts.claim) return answerWithAi(deps, job);
  const lease = await runTenant(deps, job.companyId, async (tx) => {
    const { rows } = await tx.execute(claimMessageJob(promptTurnJobDef, opts.claim!));
    if (rows.length === 0) return undefined;
    return queueAiLease(deps, tx, job);
  });
  if (lease) answerInBackground(deps, job, lease);
}

/** Queues the lease of an AI turn in the caller's transaction; answers its job id. */
export async function queueAiLease(deps: Deps, tx: Tx, job: PromptTurnJob): Promise<string> {
  const id = randomUUID();
  await deps.jobs.insertWithin(tx, promptTurnJobDef, [
    { id, payload: job, singletonKey: `message:${job.messageId}`, startAfterSeconds: AI_LEASE_SECONDS },
  ]);
  return id;
}

/** Turns under way in this process, by ticket: the next one starts when the last one ends. */
const turns = new Map<number, Promise<void>>();

/** Runs the turn holding `lease` after the ticket's turns already under way in this process. */
export function answerInBackground(deps: Deps, job: PromptTurnJob, lease: string): void {
  const previous = turns.get(job.ticketId) ?? Promise.resolve();
  const next = previous
    .then(() => answerWithAi(deps, job, lease))
    .catch((err: unknown) =>
      // The lease stays: a worker does the turn again after AI_LEASE_SECONDS.
      deps.log.error({ err, ticketId: job.ticketId, messageId: job.messageId }, 'AI turn failed'),
    )
    .finally(() => {
      if (turns.get(job.ticketId) === next) turns.delete(job.ticketId);
    });
  turns.set(job.ticketId, next);
}

/** Resolves when this process has no AI turn under way (tests, benches). */
export async function aiTurnsSettled(): Promise<void> {
  while (turns.size > 0) await Promise.all([...turns.values()]);
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
