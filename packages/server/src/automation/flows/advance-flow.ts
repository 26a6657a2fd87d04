import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { readFlowTurn, lockFreeTicket, lockRun, type RunRow } from './flow-turn-read.js';
import { containsPhrase } from './flow-text.js';
import { startFlow, walkAndApply } from './start-flow.js';
import { stopFlowRuns, stopReason } from '../../modules/flows/stop-flow.js';
import type { FlowTurnJob } from './flow-jobs.js';
import type { RunPlace } from './run-node.js';

const placeOf = (run: RunRow): RunPlace => ({
  nodeId: run.nodeId,
  blockAt: run.blockAt,
  waiting: run.waiting,
  variables: run.variables,
});

/**
 * The flow's turn on one stored customer message: the answer to the menu or question the ticket's
 * run waits on, or — no run live — the start of the flow whose campaign phrase the text contains.
 * Run at once by the storing process, claiming the job (`claim`), or by a worker when that never
 * committed. One transaction: ticket locked, then the run (`for update`); a message a flow already
 * took (this one or a newer: `lastMessageId`) changes nothing, so a redelivery or a retried job
 * never doubles a step. A ticket someone attends, or closed, has its run stopped instead.
 */
export async function runFlowTurn(deps: Deps, job: FlowTurnJob, opts: { claim?: string } = {}): Promise<void> {
  await runTenant(deps, job.companyId, async (tx, _events, uow) => {
    const turn = await readFlowTurn(tx, job, opts.claim);
    if (!turn?.claimed || turn.seen) return;
    const { ticket } = turn;
    const run = await lockRun(tx, { ticketId: ticket.id });
    const reason = stopReason(ticket);
    if (reason) {
      if (run) await stopFlowRuns(tx, ticket.id, reason);
      return;
    }
    if (ticket.isGroup || ticket.whatsappId === null || turn.body === null) return;
    if (run) {
      // Waiting on an interval: the message is only stored.
      if (run.status !== 'waiting' || run.waiting !== 'input') return;
      const input = { kind: 'input', text: turn.body } as const;
      await walkAndApply(deps, uow, turn, run.id, run.graph, placeOf(run), input, job.messageId);
      return;
    }
    if (!turn.isText) return;
    const campaign = turn.campaigns.find((c) => containsPhrase(turn.body!, c.phrase));
    if (!campaign) return;
    await startFlow(deps, uow, {
      flowId: campaign.flowId,
      ticket,
      campaignId: campaign.id,
      messageId: job.messageId,
      texts: turn,
    });
  });
}

/** A run whose wait for time is over, as the sweep found it. */
export interface DueRun {
  id: number;
  companyId: number;
  ticketId: number;
  step: number;
}

/**
 * Goes on with a run whose interval ended, in one transaction: its ticket locked if free (else
 * 'busy': the next pass tries again), the run locked only while it still waits at the step the
 * sweep saw (else 'moved': another process did it), walked to its next wait or end.
 */
export async function runFlowTime(deps: Deps, due: DueRun): Promise<'moved' | 'busy' | 'done'> {
  return runTenant(deps, due.companyId, async (tx, _events, uow) => {
    const texts = await lockFreeTicket(tx, due.ticketId);
    if (!texts) return 'busy' as const;
    const run = await lockRun(tx, { id: due.id, step: due.step });
    if (!run) return 'moved' as const;
    const reason = stopReason(texts.ticket);
    if (reason || texts.ticket.whatsappId === null) {
      await stopFlowRuns(tx, texts.ticket.id, reason ?? 'closed');
      return 'done' as const;
    }
    await walkAndApply(deps, uow, texts, run.id, run.graph, placeOf(run), { kind: 'time' });
    return 'done' as const;
  });
}
