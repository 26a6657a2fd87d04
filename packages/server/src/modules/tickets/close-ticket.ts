import type { Uow } from '../../platform/context.js';
import { eq } from 'drizzle-orm';
import { tickets } from '../../db/schema/index.js';
import { readSettingOnce } from '../settings/read-setting.js';
import { connectionTexts, queueAutoMessage } from './auto-messages.js';
import { ratingRequest } from './rating-scale.js';
import { trackCycle } from './tracking.js';
import { recordChange } from './activity.js';
import { assignee, settingOn, writeTicket, type Transition } from './transition.js';
import type { TicketRow } from './ticket-view.js';
import { freedSlot } from './auto-assign.js';

/**
 * Close (resolve). Queue and user are kept; integration and prompt are cleared. A ticket nobody
 * attended (closed from the waiting list) takes the `userId` the body names — the caller, or
 * for an admin whoever they name (`assignee`): the spec's client always sends its own user, and
 * the attendance it ends is then someone's. A ticket with a user keeps it whatever the body says.
 * With `userRating` enabled, an attended ticket (open, with a user, not a group) whose
 * connection has a ratingMessage is not closed yet: the rating request goes out and the ticket
 * stays open with `ratingPending`; the customer's next message closes it (see rating-reply.ts).
 * Closing again while the rating is pending closes at once, without a rating.
 */
export async function closeTicket(s: Transition, input: { userId?: number | null }) {
  const t = s.ticket;
  const userId = t.userId ?? (input.userId == null ? null : await assignee(s, input.userId));
  const asksRating =
    !t.ratingPending &&
    t.status === 'open' &&
    userId !== null &&
    !t.isGroup &&
    settingOn(await readSettingOnce(s.tx, 'userRating'));
  const texts = await connectionTexts(s.tx, t.whatsappId);
  if (asksRating && texts?.ratingMessage.trim()) {
    const ticket = await writeTicket(s, { ratingPending: true, userId, ...CLEARED });
    await queueAutoMessage(s, ticket, ratingRequest(texts.ratingMessage));
    await trackCycle(s.tx, ticket, { ratingAt: new Date() });
    return;
  }
  s.ticket = await closeNow(s, t, { userId, by: s.ctx.actor.userId });
}

const CLEARED = { integrationId: null, promptId: null, useIntegration: false } as const;

/**
 * Closes the ticket now: status closed (queue kept, user kept or `userId`), rating no longer
 * pending, integration and prompt cleared, the connection's completion message queued (not to
 * groups), the cycle finished — with the customer's `rating` when one was given.
 */
export async function closeNow(
  uow: Uow,
  ticket: TicketRow,
  {
    rating,
    userId = ticket.userId,
    by = null,
  }: { rating?: number; userId?: number | null; /** Who closes it (null: the system). */ by?: number | null } = {},
) {
  const { tx } = uow;
  const [closed] = await tx
    .update(tickets)
    .set({
      status: 'closed',
      userId,
      ratingPending: false,
      chatbot: false,
      ...CLEARED,
      // Nobody waits on a closed ticket; a new customer message starts a new wait.
      waitingSince: null,
      updatedAt: new Date(),
    })
    .where(eq(tickets.id, ticket.id))
    .returning();
  if (!closed!.isGroup) {
    const texts = await connectionTexts(tx, closed!.whatsappId);
    await queueAutoMessage(uow, closed!, texts?.complationMessage ?? '');
  }
  await recordChange(tx, ticket, closed!, by);
  const now = new Date();
  await trackCycle(tx, closed!, { finishedAt: now, ...(rating ? { rating, ratedAt: now } : {}) });
  await freedSlot(uow, ticket);
  return closed!;
}
