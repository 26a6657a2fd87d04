import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { readSetting } from '../settings/read-setting.js';
import { connectionTexts, queueAutoMessage, ratingRequest, type Kicks } from './auto-messages.js';
import { trackCycle } from './tracking.js';
import { settingOn, writeTicket, type Transition } from './transition.js';
import type { TicketRow } from './ticket-view.js';

/**
 * Close (resolve). Queue and user are kept; integration and prompt are cleared.
 * With `userRating` enabled, an attended ticket (open, with a user, not a group) whose
 * connection has a ratingMessage is not closed yet: the rating request goes out and the ticket
 * stays open with `ratingPending`; the customer's next message closes it (see rating-reply.ts).
 * Closing again while the rating is pending closes at once, without a rating.
 */
export async function closeTicket(s: Transition) {
  const t = s.ticket;
  const asksRating =
    !t.ratingPending &&
    t.status === 'open' &&
    t.userId !== null &&
    !t.isGroup &&
    settingOn(await readSetting(s.tx, 'userRating'));
  const texts = await connectionTexts(s.tx, t.whatsappId);
  if (asksRating && texts?.ratingMessage.trim()) {
    const ticket = await writeTicket(s, { ratingPending: true, ...CLEARED });
    await queueAutoMessage(s.tx, s.events, ticket, ratingRequest(texts.ratingMessage), s.kicks);
    await trackCycle(s.tx, ticket, { ratingAt: new Date() });
    return;
  }
  s.ticket = await closeNow(s.tx, s.events, t, s.kicks);
}

const CLEARED = { integrationId: null, promptId: null, useIntegration: false } as const;

/**
 * Closes the ticket now: status closed (queue and user kept), rating no longer pending,
 * integration and prompt cleared, the connection's completion message queued (not to groups),
 * the cycle finished — with the customer's `rating` when one was given.
 */
export async function closeNow(tx: Tx, events: EventSink, ticket: TicketRow, kicks: Kicks, rating?: number) {
  const [closed] = await tx
    .update(tickets)
    .set({ status: 'closed', ratingPending: false, chatbot: false, ...CLEARED, updatedAt: new Date() })
    .where(eq(tickets.id, ticket.id))
    .returning();
  if (!closed!.isGroup) {
    const texts = await connectionTexts(tx, closed!.whatsappId);
    await queueAutoMessage(tx, events, closed!, texts?.complationMessage ?? '', kicks);
  }
  const now = new Date();
  await trackCycle(tx, closed!, { finishedAt: now, ...(rating ? { rating, ratedAt: now } : {}) });
  return closed!;
}
