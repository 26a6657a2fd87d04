import type { Deps } from '../platform/context.js';
import type { ConnectionRef, InboundMessage } from '../channels/channel.js';
import type { BatchItem, BatchReceived } from './receive-batch.js';
import { handleRatingReply } from '../modules/tickets/rating-reply.js';
import { runChatbot } from '../automation/run-chatbot.js';
import { runFlowTurn } from '../automation/flows/advance-flow.js';
import { answerRefusedCall } from '../automation/refused-call.js';
import { runIntegrationTurn } from '../automation/integrations/integration-turn.js';
import { runPromptTurn } from '../automation/prompts/prompt-turn.js';

/** A message as its storing transaction committed it (receive-batch.ts). */
type Stored = Extract<BatchReceived, { stored: true }>;

/**
 * What reacts to a customer's message once it is stored, after its transaction commits: the answer
 * to a rating request, then the turn of whoever holds the conversation — the flow, the
 * integration, the AI prompt or the chatbot (only one: receive-batch.ts queued one job,
 * automation/holder.ts) — claiming the job the transaction queued, then the answer to a call the
 * provider refused. A failure here is logged and never undoes the stored message; the job then
 * runs from a worker.
 */
async function afterReceive(deps: Deps, conn: ConnectionRef, msg: InboundMessage, stored: Stored): Promise<void> {
  if (msg.fromMe) return;
  try {
    // No rating was asked when the message came in: nothing to read (a request made since is not answered by it).
    if (stored.ticket.ratingPending) await handleRatingReply(deps, conn.companyId, stored.ticketId, msg.body);
    const job = { companyId: conn.companyId, ticketId: stored.ticketId, messageId: stored.messageId };
    if (stored.flowJobId) await runFlowTurn(deps, job, { claim: stored.flowJobId });
    if (stored.integrationJobId) await runIntegrationTurn(deps, job, { claim: stored.integrationJobId });
    if (stored.promptJobId) await runPromptTurn(deps, job, { claim: stored.promptJobId, read: stored.promptRead });
    if (stored.chatbotJobId) await runChatbot(deps, job, { claim: stored.chatbotJobId });
  } catch (err) {
    deps.log.error({ err, ticketId: stored.ticketId }, 'reacting to an inbound message failed');
  }
  if (msg.refusedCall) {
    await answerRefusedCall(deps, conn, stored.messageId).catch((err: unknown) =>
      deps.log.error({ err, ticketId: stored.ticketId }, 'answering a refused call failed'),
    );
  }
}

/** Reactions of one ticket run one after the other, in the order its messages were stored. */
const reacting = new Map<number, Promise<unknown>>();

/**
 * `afterReceive` for every message a batch stored, after its commit: the messages of one ticket
 * one after the other in their order (across batches of this process too), tickets side by side.
 * Resolves when they are done; a failure is afterReceive's to log, never the batch's.
 */
export function reactToBatch(
  deps: Deps,
  items: readonly BatchItem[],
  results: readonly BatchReceived[],
): Promise<void> {
  const done: Promise<unknown>[] = [];
  results.forEach((received, i) => {
    if (!received.stored) return;
    const { conn, msg } = items[i]!;
    const previous = reacting.get(received.ticketId) ?? Promise.resolve();
    const next = previous
      .then(() => afterReceive(deps, conn, msg, received))
      .catch((err: unknown) =>
        deps.log.error({ err, ticketId: received.ticketId }, 'reacting to an inbound message failed'),
      )
      .finally(() => {
        if (reacting.get(received.ticketId) === next) reacting.delete(received.ticketId);
      });
    reacting.set(received.ticketId, next);
    done.push(next);
  });
  return Promise.all(done).then(() => undefined);
}
