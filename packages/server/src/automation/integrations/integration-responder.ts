import { responder } from '../responder.js';
import { holderOf } from '../holder.js';
import { queueMessageJobs } from '../message-jobs.js';
import { integrationTurnJobDef } from './integration-jobs.js';
import { runIntegrationTurn } from './integration-turn.js';

/** The ticket's integration (automation/holder.ts) takes its messages, its turn's job queued with them. */
export const integrationResponder = responder<string>({
  name: 'integration',
  claim: (deps, { tx }, companyId, open) =>
    queueMessageJobs(
      deps,
      tx,
      integrationTurnJobDef,
      companyId,
      open.filter((c) => holderOf(c.ticket) === 'integration'),
    ),
  react: (deps, message, jobId) => runIntegrationTurn(deps, message, { claim: jobId }),
});
