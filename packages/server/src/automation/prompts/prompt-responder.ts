import { responder } from '../responder.js';
import { holderOf } from '../holder.js';
import { queueMessageJobs } from '../message-jobs.js';
import { promptTurnJobDef } from './prompt-jobs.js';
import { readAiTurn, type AiTurnStart } from './ai-turn-read.js';
import { runPromptTurn } from './prompt-turn.js';

/**
 * The ticket's AI prompt (automation/holder.ts) takes its messages, its turn's job queued with
 * them, and makes the turn's first read (ai-turn.ts, step 1) here in the storing transaction: one
 * statement instead of three round trips on the way to the model. Nothing is decided on it that
 * the turn's write does not check again under the ticket's lock.
 */
export const promptResponder = responder<{ jobId: string; read: AiTurnStart | undefined }>({
  name: 'prompt',
  async claim(deps, { tx }, companyId, open) {
    const mine = open.filter((c) => holderOf(c.ticket) === 'prompt');
    const jobOf = await queueMessageJobs(deps, tx, promptTurnJobDef, companyId, mine);
    const taken = new Map<number, { jobId: string; read: AiTurnStart | undefined }>();
    for (const c of mine) {
      const read = await readAiTurn(tx, c, { read: 'context' });
      taken.set(c.messageId, { jobId: jobOf.get(c.messageId)!, read });
    }
    return taken;
  },
  react: (deps, message, { jobId, read }) => runPromptTurn(deps, message, { claim: jobId, read }),
});
