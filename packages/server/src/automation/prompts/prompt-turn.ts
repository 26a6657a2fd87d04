import type { Deps } from '../../platform/context.js';
import type { PromptTurnJob } from './prompt-jobs.js';

/**
 * The AI prompt's turn on one stored customer message of a ticket it holds.
 * TODO(issue 16, in progress this session).
 */
export async function runPromptTurn(deps: Deps, job: PromptTurnJob, opts: { claim?: string } = {}): Promise<void> {
  deps.log.warn({ job, claim: opts.claim }, 'prompt turn not built yet');
}
