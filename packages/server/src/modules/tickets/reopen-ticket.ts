import { trackCycle } from './tracking.js';
import { assignee, writeTicket, type Transition } from './transition.js';

/**
 * Reopen: closed → open with the caller (an admin may name `userId`), in the queue named by
 * `queueId` if any (else its own); a new attendance cycle starts. When the contact already has
 * another live ticket on the connection, the partial unique index refuses it and the caller
 * answers ERR_OTHER_OPEN_TICKET.
 */
export async function reopenTicket(s: Transition, input: { userId?: number | null; queueId?: number }) {
  const userId = await assignee(s, input.userId);
  const queue = input.queueId !== undefined ? { queueId: input.queueId } : {};
  const ticket = await writeTicket(s, { status: 'open', userId, ratingPending: false, ...queue });
  const now = new Date();
  await trackCycle(s.tx, ticket, { queuedAt: now, startedAt: now });
}
