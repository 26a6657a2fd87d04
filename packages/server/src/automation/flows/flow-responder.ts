import { responder } from '../responder.js';
import { queueMessageJobs } from '../message-jobs.js';
import { flowClaims } from './flow-trigger.js';
import { flowTurnJobDef } from './flow-jobs.js';
import { runFlowTurn } from './advance-flow.js';

/**
 * A flow takes the messages of a ticket whose run waits for input or whose text starts one
 * (flow-trigger.ts), its turn's job queued with them; a run waiting for time holds its messages
 * with no job (nobody answers them).
 */
export const flowResponder = responder<string | undefined>({
  name: 'flow',
  async claim(deps, { tx }, companyId, open) {
    const claims = await flowClaims(tx, open);
    if (claims.size === 0) return new Map();
    const jobOf = await queueMessageJobs(
      deps,
      tx,
      flowTurnJobDef,
      companyId,
      open.filter((c) => claims.get(c.messageId) === 'flow'),
    );
    const taken = new Map<number, string | undefined>();
    for (const messageId of claims.keys()) taken.set(messageId, jobOf.get(messageId));
    return taken;
  },
  react: (deps, message, jobId) => (jobId ? runFlowTurn(deps, message, { claim: jobId }) : Promise.resolve()),
});
