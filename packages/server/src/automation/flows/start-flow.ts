import { eq, sql } from 'drizzle-orm';
import type { Deps, Uow } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import type { TicketRow } from '../../modules/tickets/ticket-view.js';
import { messageVariables } from '../../modules/messages/message-variables.js';
import { FlowGraph, type SavedGraph } from './flow-graph.js';
import { walkFlow, type FlowTrigger, type RunPlace } from './run-node.js';
import { applyOutcome } from './apply-outcome.js';
import { readTicketTexts, type FlowTicket } from './flow-turn-read.js';
import { flowSteps } from '../../platform/metrics.js';

export interface StartFlowInput {
  flowId: number;
  /** The ticket, locked by the caller (`select … for update`), which is not attended. */
  ticket: TicketRow;
  /** The flow campaign whose phrase started it (none: a queue integration). */
  campaignId?: number;
  /** The customer message that started it: a repeat of it starts nothing. */
  messageId?: number;
  /** Contact name and company zone when the caller has them (else read here). */
  texts?: FlowTicket;
}

/**
 * Starts flow `flowId` in the ticket, inside the caller's transaction: the run is stored (one live
 * run per ticket: none is started while one runs) and walked from the start node to its first
 * wait or its end, its messages queued. Answers the run's id, or undefined when the flow is
 * inactive, not saved yet, or the ticket already runs one.
 * A queue integration of type flowbuilder starts its flow through here too.
 */
export async function startFlow(deps: Deps, uow: Uow, input: StartFlowInput): Promise<number | undefined> {
  const { ticket } = input;
  const { tx } = uow;
  if (ticket.whatsappId === null || ticket.isGroup) return undefined;
  const [flow] = await tx
    .select({ graph: flows.graph, active: flows.active })
    .from(flows)
    .where(eq(flows.id, input.flowId));
  if (!flow?.active || !flow.graph) return undefined;
  const { rows } = await tx.execute<{ id: number }>(sql`
    insert into flow_runs (company_id, ticket_id, flow_id, flow_campaign_id, status, last_message_id)
    values (${ticket.companyId}, ${ticket.id}, ${input.flowId}, ${input.campaignId ?? null}, 'running', ${input.messageId ?? null})
    on conflict (ticket_id) where status in ('running', 'waiting') do nothing
    returning id`);
  const runId = rows[0]?.id;
  if (runId === undefined) return undefined;
  const texts = input.texts ?? (await readTicketTexts(tx, ticket));
  const start: RunPlace = { nodeId: null, blockAt: null, waiting: null, variables: {} };
  await walkAndApply(deps, uow, texts, runId, flow.graph, start, { kind: 'start' }, input.messageId);
  return runId;
}

/** Walks the graph from `at` on `trigger` and applies the outcome (the step's one write set). */
export async function walkAndApply(
  deps: Deps,
  uow: Uow,
  texts: FlowTicket,
  runId: number,
  graph: SavedGraph | null,
  at: RunPlace,
  trigger: FlowTrigger,
  messageId?: number,
): Promise<void> {
  const env = {
    messageVariables: messageVariables({
      contactName: texts.contactName,
      ticketId: texts.ticket.id,
      timeZone: texts.timeZone,
    }),
    random: Math.random,
  };
  const outcome = walkFlow(new FlowGraph(graph ?? { nodes: [], connections: [] }), at, trigger, env);
  await applyOutcome(deps, uow, texts.ticket, runId, outcome, messageId);
  flowSteps.inc({ trigger: trigger.kind });
}
