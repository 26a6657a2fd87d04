import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { loadTicketView, type TicketRow } from '../../modules/tickets/ticket-view.js';
import { ticketEvents } from '../../modules/tickets/ticket-events.js';

/**
 * An integration lets go of a ticket (the finish keyword, a failure, a flow that cannot start):
 * its column and session are cleared in the caller's transaction (the ticket locked), so the
 * ticket waits for attendants where it is; `note`, when given, is left on the ticket as a note by
 * nobody (ticket notes, user null) saying why, so an attendant sees it. The ticket's audience hears
 * the change.
 */
export async function handOver(
  tx: Tx,
  events: EventSink,
  ticket: Pick<TicketRow, 'id' | 'companyId' | 'contactId' | 'queueId' | 'userId' | 'status'>,
  note?: string,
): Promise<void> {
  await tx.execute(sql`
    with s as (delete from integration_sessions where ticket_id = ${ticket.id})
    update tickets set integration_id = null, updated_at = now() where id = ${ticket.id}`);
  if (note) {
    await tx.execute(sql`
      insert into ticket_notes (company_id, note, ticket_id, contact_id, user_id)
      values (${ticket.companyId}, ${note}, ${ticket.id}, ${ticket.contactId}, null)`);
  }
  const view = await loadTicketView(tx, ticket.id);
  if (view) events.push(...ticketEvents.changed(ticket.companyId, view, ticket));
}
