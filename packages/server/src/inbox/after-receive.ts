import type { Deps } from '../platform/context.js';
import type { ConnectionRef, InboundMessage } from '../channels/channel.js';
import type { BatchItem, BatchReceived } from './receive-batch.js';
import { handleRatingReply } from '../modules/tickets/rating-reply.js';
import { answerRefusedCall } from '../automation/refused-call.js';
import { react } from '../automation/responders.js';

/** A message as its storing transaction committed it (receive-batch.ts). */
type Stored = Extract<BatchReceived, { stored: true }>;

/**
 * What reacts to a customer's message once it is stored, after its transaction commits: the answer
 * to a rating request, then the reaction of the responder that claimed it in that transaction
 * (automation/responders.ts: at most one), then the answer to a call the provider refused. A
 * failure here is logged and never undoes the stored message; the responder's job then runs from
 * a worker.
 */
async function afterReceive(deps: Deps, conn: ConnectionRef, msg: InboundMessage, stored: Stored): Promise<void> {
  if (msg.fromMe) return;
  try {
    // No rating was asked when the message came in: nothing to read (a request made since is not answered by it).
    if (stored.ticket.ratingPending) await handleRatingReply(deps, conn.companyId, stored.ticketId, msg.body);
    if (stored.claimed) {
      const message = { companyId: conn.companyId, ticketId: stored.ticketId, messageId: stored.messageId };
      await react(deps, message, stored.claimed);
    }
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
