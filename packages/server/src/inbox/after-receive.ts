import type { Deps } from '../platform/context.js';
import type { InboundMessage } from '../channels/channel.js';
import type { ConnectionRef, Received } from './receive-message.js';
import { handleRatingReply } from '../modules/tickets/rating-reply.js';

/**
 * What reacts to a customer's message once it is stored (receive-message.ts calls this after
 * its transaction commits). Today: the answer to a rating request. A failure here is logged and
 * never undoes the stored message.
 */
export async function afterReceive(
  deps: Deps,
  conn: ConnectionRef,
  msg: InboundMessage,
  received: Received,
): Promise<Received> {
  if (!received.stored || msg.fromMe) return received;
  try {
    await handleRatingReply(deps, conn.companyId, received.ticketId, msg.body);
  } catch (err) {
    deps.log.error({ err, ticketId: received.ticketId }, 'reacting to an inbound message failed');
  }
  return received;
}
