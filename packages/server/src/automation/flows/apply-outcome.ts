import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Deps, Uow } from '../../platform/context.js';
import { flowMedia, queues, tickets } from '../../db/schema/index.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';
import { loadTicketView, type TicketRow } from '../../modules/tickets/ticket-view.js';
import { ticketEvents } from '../../modules/tickets/ticket-events.js';
import type { FlowEndReason, FlowOutcome, FlowSend } from './run-node.js';
import { enterQueueHolder } from '../holder-entry.js';
import { handToTypebot } from '../integrations/typebot-node.js';
import { queueAiTurn } from '../prompts/ai-lease.js';

/** Ends that are the flow's own (done) rather than a run cut short (stopped). */
const DONE: readonly FlowEndReason[] = ['end', 'ticket', 'handover'];

/**
 * Applies what a trigger decided (run-node.ts), inside the step's transaction: the messages
 * queued in order through the outbox as the bot's, a ticket node's move, and the run moved on
 * (`step` + 1, its place, what it waits for, its answers; `lastMessageId` when a message drove
 * it). The caller holds the ticket's and the run's locks; the outbox is kicked after commit.
 */
export async function applyOutcome(
  deps: Deps,
  uow: Uow,
  ticket: TicketRow,
  runId: number,
  outcome: FlowOutcome,
  messageId?: number,
): Promise<void> {
  const { tx, events } = uow;
  const whatsappId = ticket.whatsappId!;
  const target = { companyId: ticket.companyId, ticketId: ticket.id, whatsappId };
  const files = await mediaOf(tx, outcome.sends);
  for (const send of outcome.sends) {
    if (send.kind === 'text') {
      await queueOutbound(uow, { ...target, body: send.body, userId: null, bot: true });
    } else {
      const file = files.get(send.key);
      if (!file) {
        // Not one of the company's flow uploads (removed, or a key from elsewhere): skipped.
        deps.log.warn({ ticketId: ticket.id, runId, key: send.key }, 'flow media not found; skipped');
        continue;
      }
      const name = send.name?.trim() || file.fileName;
      // Audio goes as audio; the provider makes Ogg/Opus a voice note (`record` needs nothing more).
      const media = { key: file.key, name, mimetype: file.mimetype, type: send.type };
      await queueOutbound(uow, { ...target, body: name, userId: null, bot: true, media });
    }
  }
  const end = outcome.end;
  if (end === 'loop')
    deps.log.warn({ ticketId: ticket.id, runId, nodeId: outcome.nodeId }, 'flow stopped: no wait in 50 nodes');
  const seconds = outcome.wait?.kind === 'time' ? outcome.wait.seconds : null;
  await tx.execute(sql`
    update flow_runs set
      step = step + 1,
      node_id = ${outcome.nodeId},
      block_at = ${outcome.blockAt},
      variables = ${JSON.stringify(outcome.variables)}::jsonb,
      status = ${end ? (DONE.includes(end) ? 'done' : 'stopped') : 'waiting'},
      waiting = ${outcome.wait?.kind ?? null},
      wait_until = case when ${seconds}::int is null then null else now() + make_interval(secs => ${seconds}::int) end,
      last_message_id = coalesce(${messageId ?? null}::bigint, last_message_id),
      end_reason = ${end ?? null},
      ended_at = case when ${end ?? null}::text is null then null else now() end,
      updated_at = now()
    where id = ${runId}`);
  // After the run ended: whoever holds the ticket next may start a flow of its own.
  if (outcome.moveToQueue !== undefined) await moveToQueue(deps, uow, ticket, outcome.moveToQueue);
  if (outcome.handover?.type === 'typebot') await handToTypebot(deps, tx, events, ticket, outcome.handover.typebot);
  // At an openai node: the AI answers the message that drove the step (none: the next input's).
  if (outcome.askAi && messageId !== undefined) {
    await queueAiTurn(deps, tx, { companyId: ticket.companyId, ticketId: ticket.id, messageId });
  }
}

/** The company's flow uploads the sends name (one read; another company's key finds nothing). */
async function mediaOf(tx: Tx, sends: FlowSend[]) {
  const keys = sends.flatMap((s) => (s.kind === 'media' ? [s.key] : []));
  if (keys.length === 0) return new Map<string, typeof flowMedia.$inferSelect>();
  const rows = await tx.select().from(flowMedia).where(inArray(flowMedia.key, keys));
  return new Map(rows.map((r) => [r.key, r]));
}

/**
 * A ticket node: the ticket waits in that queue (pending, no user, the chatbot off), held by the
 * queue's integration or prompt if it has one (holder-entry.ts).
 */
async function moveToQueue(deps: Deps, uow: Uow, ticket: TicketRow, queueId: number) {
  const { tx, events } = uow;
  const [queue] = await tx.select({ id: queues.id }).from(queues).where(eq(queues.id, queueId));
  if (!queue) {
    deps.log.warn({ ticketId: ticket.id, queueId }, 'flow ticket node: queue not found; ticket left where it is');
    return;
  }
  await tx
    .update(tickets)
    .set({ queueId, queueOptionId: null, chatbot: false, status: 'pending', userId: null, updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id));
  await enterQueueHolder(deps, uow, ticket.id, { way: 'moved' });
  const view = (await loadTicketView(tx, ticket.id))!;
  events.push(...ticketEvents.changed(ticket.companyId, view, ticket));
}
