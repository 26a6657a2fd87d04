import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { connectionTexts } from './auto-messages.js';
import { closeNow } from './close-ticket.js';
import { ratingOf } from './rating-scale.js';
import { loadTicketView } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';

/**
 * The customer's first message after the rating request (ticket open, `ratingPending`): an
 * answer on the scale the connection's text asks (rating-scale.ts) is stored as the rating;
 * either way the ticket closes, with the completion message. Runs after the message is stored
 * (inbox/after-receive.ts); the ticket row is locked, so two messages arriving together close
 * it once.
 */
export async function handleRatingReply(deps: Deps, companyId: number, ticketId: number, body: string) {
  return runTenant(deps, companyId, async (tx, events, uow) => {
    // Only a ticket waiting for a rating is locked; for every other message this reads nothing.
    const [ticket] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.ratingPending, true), ne(tickets.status, 'closed')))
      .for('update');
    if (!ticket) return false;
    const texts = await connectionTexts(tx, ticket.whatsappId);
    await closeNow(uow, ticket, { rating: ratingOf(body, texts?.ratingMessage) });
    events.push(...ticketEvents.changed(companyId, (await loadTicketView(tx, ticketId))!, ticket));
    return true;
  });
}
