import type { Deps } from '../../platform/context.js';
import type { IntegrationTurnJob } from './integration-jobs.js';

/**
 * The integration's turn on one stored customer message of a ticket it holds.
 * TODO(issue 16, in progress this session): webhook/n8n delivery, Typebot, Dialogflow, flowbuilder.
 */
export async function runIntegrationTurn(
  deps: Deps,
  job: IntegrationTurnJob,
  opts: { claim?: string } = {},
): Promise<void> {
  deps.log.warn({ job, claim: opts.claim }, 'integration turn not built yet');
}
