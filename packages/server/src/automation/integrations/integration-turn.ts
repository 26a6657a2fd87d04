import { randomUUID } from 'node:crypto';
import type { Tx } from '../../db/client.js';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { integrationTurnJobDef, type IntegrationStartJob, type IntegrationTurnJob } from './integration-jobs.js';
import { readIntegrationTurn, unattended, type IntegrationRow, type IntegrationTurn } from './integration-turn-read.js';
import { firstAttempt, queueDelivery, type QueuedDelivery } from './webhook-delivery.js';
import { startFlowHolder } from './flowbuilder-start.js';
import { typebotTurn } from './typebot-turn.js';
import { dialogflowTurn } from './dialogflow-turn.js';
import { afterTicket } from './ticket-chain.js';

/**
 * How long the storing process's Typebot or Dialogflow turn may take before a worker does it
 * again: the calls with their tries (8 s each, three times) and Typebot's images fit in it.
 */
const LEASE_SECONDS = 120;

type Held = IntegrationTurn & { integration: IntegrationRow };

/**
 * The integration's turn on one stored customer message of a ticket it holds (automation/holder.ts;
 * the job was queued with the message). Run at once by the storing process, claiming the job
 * (`claim`), or by a worker when that run never committed. The first transaction locks the ticket
 * and reads it: a ticket no longer unattended, or holding no integration now, consumes the job
 * and nothing happens.
 *
 * - webhook / n8n and flowbuilder act in that transaction, which consumes the job: the delivery
 *   queued (webhook-delivery.ts; its first attempt right after the commit), or the flow started
 *   (flowbuilder-start.ts).
 * - Typebot and Dialogflow call their service with no transaction open, then write the answer in a
 *   second one that re-checks the ticket (integration-answer.ts). From the storing process the
 *   first transaction consumes the job and queues its **lease** (the same turn, fetched by a worker
 *   only after `LEASE_SECONDS`), which the answer's transaction deletes; the calls run after the
 *   ticket's earlier answers (ticket-chain.ts) without holding up the delivery the message came in.
 *   A crash, or a turn that overruns, leaves the lease to a worker; the first answer written wins
 *   (the other finds its lease gone or the message answered). The prompts' turns do the same
 *   (prompts/prompt-turn.ts).
 */
export async function runIntegrationTurn(
  deps: Deps,
  job: IntegrationTurnJob,
  opts: { claim?: string } = {},
): Promise<void> {
  let delivery: QueuedDelivery | undefined;
  let converse: (() => Promise<void>) | undefined;
  await runTenant(deps, job.companyId, async (tx, _events, uow) => {
    // Acting here or not at all: a claimed job is consumed with this transaction.
    const turn = await readIntegrationTurn(tx, job, opts.claim);
    if (!turn?.claimed) return;
    const held = unattended(turn.ticket) && turn.integration && turn.message ? (turn as Held) : undefined;
    const type = held?.integration.type;
    if (!held) return;
    if (type === 'typebot' || type === 'dialogflow') {
      // The lease: the turn again for a worker, should this process not write the answer in time.
      const lease = opts.claim ? await queueLease(deps, tx, job) : undefined;
      converse = () =>
        type === 'typebot' ? typebotTurn(deps, held, job, lease) : dialogflowTurn(deps, held, job, lease);
      return;
    }
    if (type === 'webhook' || type === 'n8n') {
      delivery = await queueDelivery(deps, tx, { ...held, message: held.message! });
    } else if (type === 'flowbuilder') {
      await startFlowHolder(deps, uow, held.ticket, held.integration, job.messageId);
    }
  });
  const later = delivery ? () => firstAttempt(deps, delivery!) : converse;
  if (!later) return;
  if (opts.claim) afterTicket(job.ticketId, deps.log, later);
  else await later();
}

/** Queues the lease of a turn in the caller's transaction; answers its job id. */
async function queueLease(deps: Deps, tx: Tx, job: IntegrationTurnJob): Promise<string> {
  const id = randomUUID();
  await deps.jobs.insertWithin(tx, integrationTurnJobDef, [
    { id, payload: job, singletonKey: `message:${job.messageId}`, startAfterSeconds: LEASE_SECONDS },
  ]);
  return id;
}

/**
 * An integration that speaks first, on entry (holder-entry.ts): the flowbuilder's flow starts,
 * or Typebot opens a session — only while the ticket, unattended, still holds that integration.
 * Run by a worker.
 */
export async function runIntegrationStart(deps: Deps, job: IntegrationStartJob): Promise<void> {
  let open: (() => Promise<void>) | undefined;
  await runTenant(deps, job.companyId, async (tx, _events, uow) => {
    const turn = await readIntegrationTurn(tx, { ticketId: job.ticketId });
    if (!turn || !unattended(turn.ticket) || turn.integration?.id !== job.integrationId) return;
    const held = turn as Held;
    if (held.integration.type === 'flowbuilder') {
      await startFlowHolder(deps, uow, held.ticket, held.integration);
    } else if (held.integration.type === 'typebot') {
      open = () => typebotTurn(deps, held, { companyId: job.companyId, ticketId: job.ticketId });
    }
  });
  if (open) await open();
}
