import type { Deps } from '../platform/context.js';
import type { InboundMessage } from '../channels/channel.js';
import type { ConnectionRef, Received } from './receive-message.js';
import { handleRatingReply } from '../modules/tickets/rating-reply.js';
import { runChatbot } from '../automation/run-chatbot.js';

/** What the storing transaction knew about the message's ticket when it committed. */
export interface Committed {
  ratingPending: boolean;
  /** The chatbot's job, queued with the message (automation/chatbot-jobs.ts), when it has one. */
  chatbotJobId?: string;
}

/**
 * What reacts to a customer's message once it is stored (receive-message.ts and the batch path
 * call this after their transaction commits): the answer to a rating request, then the
 * chatbot's turn, claiming the job the transaction queued. A failure here is logged and never
 * undoes the stored message; the chatbot's job then runs from a worker.
 */
export async function afterReceive(
  deps: Deps,
  conn: ConnectionRef,
  msg: InboundMessage,
  received: Received,
  committed?: Committed,
): Promise<Received> {
  if (!received.stored || msg.fromMe) return received;
  try {
    // No rating was asked when the message came in: nothing to read (a request made since is not answered by it).
    if (committed?.ratingPending !== false) await handleRatingReply(deps, conn.companyId, received.ticketId, msg.body);
    if (committed?.chatbotJobId) {
      const job = { companyId: conn.companyId, ticketId: received.ticketId, messageId: received.messageId };
      await runChatbot(deps, job, { claim: committed.chatbotJobId });
    }
  } catch (err) {
    deps.log.error({ err, ticketId: received.ticketId }, 'reacting to an inbound message failed');
  }
  return received;
}
