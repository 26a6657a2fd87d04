import { sql } from 'drizzle-orm';
import type { FlowNodeData } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Deps, EventSink } from '../../platform/context.js';
import type { TicketRow } from '../../modules/tickets/ticket-view.js';
import { holdWithIntegration } from '../holder-entry.js';
import { handOver } from './hand-over.js';

type TypebotNode = FlowNodeData['typebot']['typebotIntegration'];

/**
 * A flow's typebot node (the run just ended `handover`): the company's Typebot integration the
 * node names takes the conversation and speaks first (holder-entry.ts). The node's dialog stores
 * the integration's fields, not its id: the integration is the one of that name (case and
 * surrounding spaces ignored), else the one with the node's URL and slug. None: the ticket waits
 * for attendants, with a note saying which was missing.
 */
export async function handToTypebot(
  deps: Deps,
  tx: Tx,
  events: EventSink,
  ticket: TicketRow,
  node: TypebotNode,
): Promise<void> {
  const name = (node.name ?? '').trim();
  const url = (node.urlN8N ?? '').trim();
  const slug = (node.typebotSlug ?? '').trim();
  const { rows } = await tx.execute<{ id: number; type: string }>(sql`
    select id, type from queue_integrations
    where type = 'typebot' and (
      (${name} <> '' and lower(trim(name)) = lower(${name}))
      or (${url} <> '' and ${slug} <> '' and url_n8n = ${url} and typebot_slug = ${slug}))
    order by (${name} <> '' and lower(trim(name)) = lower(${name})) desc, id
    limit 1`);
  const integration = rows[0];
  if (integration && (await holdWithIntegration(deps, tx, ticket, integration))) return;
  if (!integration) {
    const named = name || slug || url || '?';
    await handOver(
      tx,
      events,
      ticket,
      `Fluxo: a integração Typebot "${named}" não foi encontrada; o atendimento segue com os atendentes.`,
    );
  }
}
