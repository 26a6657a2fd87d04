import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { ticketNotes } from '../../db/schema/index.js';
import { loadTicketView, type TicketRow } from '../../modules/tickets/ticket-view.js';
import { ticketEvents } from '../../modules/tickets/ticket-events.js';
import type { AiSetup } from './ai-turn-read.js';

/**
 * The AI lets go of the customer (the transfer phrase, or a failure): the ticket, locked by the
 * caller, waits for attendants in the AI's queue (the prompt's or the openai node's; none, or a
 * queue that is gone: where it stands) — pending, no user, the prompt cleared, the queue's option
 * tree not started, and not handed to that queue's own integration or prompt: attendants take it
 * from here. A flow's openai node ends its run (`done`, handover). `note`, when given, tells the
 * attendants why (a ticket note by nobody). The ticket's audiences hear the change.
 */
export async function handOverToAttendants(
  tx: Tx,
  events: EventSink,
  ticket: TicketRow,
  setup: AiSetup,
  messageId: number,
  note?: string,
): Promise<void> {
  await tx.execute(sql`
    update tickets set
      queue_id = coalesce((select q.id from queues q where q.id = ${setup.queueId}), queue_id),
      queue_option_id = null, chatbot = false, prompt_id = null, status = 'pending', user_id = null,
      ai_handled_message_id = greatest(ai_handled_message_id, ${messageId}), updated_at = now()
    where id = ${ticket.id}`);
  if (setup.source.kind === 'flow') {
    await tx.execute(sql`
      update flow_runs set status = 'done', waiting = null, wait_until = null, end_reason = 'handover',
        step = step + 1, ended_at = now(), updated_at = now()
      where id = ${setup.source.runId} and status in ('running', 'waiting')`);
  }
  if (note) {
    await tx.insert(ticketNotes).values({
      companyId: ticket.companyId,
      note,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      userId: null,
    });
  }
  const view = (await loadTicketView(tx, ticket.id))!;
  events.push(...ticketEvents.changed(ticket.companyId, view, ticket));
}
