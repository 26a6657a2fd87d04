import { sql } from 'drizzle-orm';
import { readFlowbuilderContent } from '@balcao/contracts';
import type { Deps, Uow } from '../../platform/context.js';
import { loadTicketView, type TicketRow } from '../../modules/tickets/ticket-view.js';
import { ticketEvents } from '../../modules/tickets/ticket-events.js';
import { startFlow } from '../flows/start-flow.js';
import type { IntegrationRow } from './integration-turn-read.js';
import { handOver } from './hand-over.js';

/**
 * A flowbuilder integration takes a ticket (locked by the caller): the flow named in its
 * `jsonContent` (`{"flowId": n}`) starts in the same transaction, and from then on the flow's run
 * holds the ticket — the integration lets go (flows/flow-trigger.ts sends the run its messages).
 * `messageId`: the customer message that brought the ticket in, which the run counts as seen. A
 * flow gone, switched off or never saved: the ticket waits for attendants, with a note.
 */
export async function startFlowHolder(
  deps: Deps,
  uow: Uow,
  ticket: TicketRow,
  integration: IntegrationRow,
  messageId?: number,
): Promise<void> {
  const { tx, events } = uow;
  const content = readFlowbuilderContent(integration.jsonContent);
  const runId = content ? await startFlow(deps, uow, { flowId: content.flowId, ticket, messageId }) : undefined;
  const { rows } = await tx.execute<{ live: boolean }>(sql`
    select exists (select 1 from flow_runs where ticket_id = ${ticket.id} and status in ('running', 'waiting')) as live`);
  if (runId === undefined && !rows[0]?.live) {
    await handOver(
      tx,
      events,
      ticket,
      `Integração ${integration.name}: o fluxo ${content?.flowId ?? '?'} não existe, está desativado ou não foi salvo; o atendimento segue com os atendentes.`,
    );
    return;
  }
  // The run holds the ticket now (or one already did).
  await tx.execute(sql`update tickets set integration_id = null, updated_at = now() where id = ${ticket.id}`);
  const view = await loadTicketView(tx, ticket.id);
  if (view) events.push(...ticketEvents.changed(ticket.companyId, view, ticket));
}
