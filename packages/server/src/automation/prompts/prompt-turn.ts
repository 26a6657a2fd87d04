import type { Deps } from '../../platform/context.js';
import { answerWithAi } from './ai-turn.js';
import type { PromptTurnJob } from './prompt-jobs.js';
import type { AiTurnStart } from './ai-turn-read.js';

/**
 * The AI's turn on one stored customer message (the prompt's, or a flow's openai node's).
 *
 * Run by the storing process right after the commit (`claim`: the job the storing transaction
 * queued), the turn goes on in the background, so the delivery is answered without waiting for
 * the model (`read`: the turn's first read, made by the storing transaction, receive-batch.ts);
 * its write deletes the job with the answer, and a turn still under way before the
 * job's safety net fires holds it with a lease (ai-lease.ts). If the process dies, a worker does
 * the turn again; whichever run writes first answers (the other finds its job gone, or the
 * message answered). See ai-turn.ts.
 *
 * Run by a worker (no `claim`: the safety net, a lease, a message handed on by holder-entry.ts,
 * a flow's openai node), the whole turn is awaited.
 */
export async function runPromptTurn(
  deps: Deps,
  job: PromptTurnJob,
  opts: { claim?: string; read?: AiTurnStart } = {},
): Promise<void> {
  if (!opts.claim) return answerWithAi(deps, job);
  void answerWithAi(deps, job, opts.claim, opts.read).catch((err: unknown) =>
    // The job, or its lease, stays: a worker does the turn again.
    deps.log.error({ err, ticketId: job.ticketId, messageId: job.messageId }, 'AI turn failed'),
  );
}
