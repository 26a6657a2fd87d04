import { and, eq, ne } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { closeNow } from './close-ticket.js';
import { loadTicketView } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';

/** A reply that is a rating: one digit 1–3, nothing else (spaces and a trailing dot allowed). */
export function ratingOf(body: string): number | undefined {
  const m = /^\s*([1-3])\s*\.?\s*$/.exec(body);
  return m ? Number(m[1]) : undefined;
}

/**
 * The customer's first message after the rating request (ticket open, `ratingPending`): a 1–3
 * is stored as the rating; either way the ticket closes, with the completion message. Runs after
 * the message is stored (inbox/after-receive.ts); the ticket row is locked, so two messages
 * arriving together close it once.
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
    await closeNow(uow, ticket, { rating: ratingOf(body) });
    events.push(...ticketEvents.changed(companyId, (await loadTicketView(tx, ticketId))!, ticket));
    return true;
  });
}
