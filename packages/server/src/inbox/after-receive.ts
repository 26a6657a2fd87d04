import type { Deps } from '../platform/context.js';
import type { InboundMessage } from '../channels/channel.js';
import type { ConnectionRef, Received } from './receive-message.js';
import { handleRatingReply } from '../modules/tickets/rating-reply.js';
import { enqueueChatbot } from '../automation/enqueue-chatbot.js';

/**
 * What reacts to a customer's message once it is stored (receive-message.ts and the batch path
 * call this after their transaction commits): the answer to a rating request, then the chatbot
 * (a job: it decides whether the ticket is the bot's). A failure here is logged and never undoes
 * the stored message.
 */
interface CommittedTicket {
  ratingPending: boolean;
  status: string;
  userId: number | null;
}

/**
 * The bot answers only tickets nobody attends (pending, no user). Known at commit, this spares
 * a job per message on attended tickets — most of the traffic — which capped the inbound
 * pipeline; the job still decides on fresh state.
 */
const mayBeTheBots = (ticket: CommittedTicket | undefined) =>
  !ticket || (ticket.status === 'pending' && ticket.userId === null);

export async function afterReceive(
  deps: Deps,
  conn: ConnectionRef,
  msg: InboundMessage,
  received: Received,
  /** The ticket as committed with the message, when the caller has it. */
  ticket?: CommittedTicket,
): Promise<Received> {
  if (!received.stored || msg.fromMe) return received;
  try {
    // No rating was asked when the message came in: nothing to read (a request made since is not answered by it).
    const rated =
      ticket?.ratingPending !== false && (await handleRatingReply(deps, conn.companyId, received.ticketId, msg.body));
    if (!rated && !msg.isGroup && mayBeTheBots(ticket)) await enqueueChatbot(deps, conn.companyId, received);
  } catch (err) {
    deps.log.error({ err, ticketId: received.ticketId }, 'reacting to an inbound message failed');
  }
  return received;
}
