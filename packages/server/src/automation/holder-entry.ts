import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { Deps, Uow } from '../platform/context.js';
import { autoAssign, offerAfterCommit, someoneCanTake } from '../modules/tickets/auto-assign.js';
import { tickets } from '../db/schema/index.js';
import { tableRows } from '../db/table-rows.js';
import type { TicketRow } from '../modules/tickets/ticket-view.js';
import { integrationStartJobDef, integrationTurnJobDef } from './integrations/integration-jobs.js';
import { promptTurnJobDef } from './prompts/prompt-jobs.js';
import { stopFlowRuns } from '../modules/flows/stop-flow.js';

/**
 * How a ticket enters its holder (automation/holder.ts): the columns it takes, and the holder's
 * first move. One place for every path that puts a ticket in a queue; a ticket made new takes
 * its connection's holder in its insert (modules/tickets/find-or-create.ts `connectionHolderJoin`).
 *
 * - **automatic**: the customer's own message put it there (a new ticket on a connection with an
 *   integration or prompt; the connection's only queue, joined without a choice): that message is
 *   handed on to the holder.
 * - **chosen**: the customer typed a menu choice; the choice is no question for the holder.
 * - **moved**: an attendant's transfer, a flow's ticket node: no message at all.
 *
 * A queue with `autoAssign` first offers the ticket to its members (modules/tickets/auto-assign.ts);
 * only when nobody can take it does it wait with the queue's holder.
 *
 * What the holder then does: Typebot and flowbuilder speak first, always (an `integration-start`
 * job: Typebot's opening bubbles, or the flow started, after which the flow holds the ticket);
 * webhook, n8n, Dialogflow and a prompt answer messages, so they wait for the next one — unless
 * the entry was automatic, when that same message is handed on (its turn job queued here).
 */
export type HolderEntry = { way: 'automatic' | 'chosen'; messageId: number } | { way: 'moved' };

const ticketRows = tableRows(tickets);

/**
 * The ticket (locked by the caller, now in its queue) takes its queue's integration and prompt —
 * none when the queue has none: a holder of the queue it left lets go — and the holder makes its
 * first move (see above). Only a pending ticket nobody attends, not a group, holds anything; a
 * live flow run yields to a holder that takes over. Answers the ticket as it now is.
 */
export async function enterQueueHolder(
  deps: Deps,
  uow: Uow,
  ticketId: number,
  entry: HolderEntry,
  assign: 'now' | 'afterCommit' = 'afterCommit',
): Promise<TicketRow> {
  const { tx } = uow;
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    with q as (
      select t.id, coalesce(qu.auto_assign, false) as auto_assign, case when t.status = 'pending' and t.user_id is null and not t.is_group then qu.integration_id end as integration_id,
        case when t.status = 'pending' and t.user_id is null and not t.is_group then qu.prompt_id end as prompt_id
      from tickets t left join queues qu on qu.id = t.queue_id
      where t.id = ${ticketId}
    ), gone as (
      delete from integration_sessions s using q
      where s.ticket_id = q.id and s.integration_id is distinct from q.integration_id
    )
    update tickets t set integration_id = q.integration_id, prompt_id = q.prompt_id
    from q where t.id = q.id
    returning ${ticketRows.list('t')}, (select qi.type from queue_integrations qi where qi.id = q.integration_id) as "_type",
      q.auto_assign as "_autoAssign"`);
  const row = rows[0]!;
  const ticket = ticketRows.map(row);
  // A queue with autoAssign gives the ticket to a member when one can take it, and its holder
  // makes no move: at once (an attendant's transfer answers the ticket assigned; the holder's
  // columns are let go by the trigger of 0024), or after the commit (the inbound path's entries).
  if (row._autoAssign === true && assign === 'now') {
    const assigned = await autoAssign(uow, ticket, true);
    if (assigned) return assigned;
  } else if (row._autoAssign === true && (await someoneCanTake(tx, ticket))) {
    offerAfterCommit(deps, uow, ticket);
    return ticket;
  }
  if (ticket.integrationId !== null || ticket.promptId !== null) await stopFlowRuns(tx, ticket.id, 'handover');
  await startHolder(deps, tx, ticket, (row._type as string | null) ?? undefined, entry);
  return ticket;
}

/**
 * The ticket (locked by the caller) is handed to integration `integrationId` directly — a flow's
 * typebot node — and the integration speaks first. Answers false when the ticket can hold
 * nothing (attended, closed, a group).
 */
export async function holdWithIntegration(
  deps: Deps,
  tx: Tx,
  ticket: TicketRow,
  integration: { id: number; type: string },
): Promise<boolean> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    update tickets set integration_id = ${integration.id}, prompt_id = null
    where id = ${ticket.id} and status = 'pending' and user_id is null and not is_group
    returning id`);
  if (rows.length === 0) return false;
  await startHolder(deps, tx, { ...ticket, integrationId: integration.id, promptId: null }, integration.type, {
    way: 'moved',
  });
  return true;
}

async function startHolder(
  deps: Deps,
  tx: Tx,
  ticket: TicketRow,
  integrationType: string | undefined,
  entry: HolderEntry,
): Promise<void> {
  const companyId = ticket.companyId;
  if (ticket.integrationId !== null) {
    if (integrationType === 'typebot' || integrationType === 'flowbuilder') {
      await deps.jobs.insertWithin(tx, integrationStartJobDef, [
        {
          id: randomUUID(),
          payload: { companyId, ticketId: ticket.id, integrationId: ticket.integrationId },
          singletonKey: `start:${ticket.id}`,
        },
      ]);
    } else if (entry.way === 'automatic') {
      await handOn(deps, tx, integrationTurnJobDef, { companyId, ticketId: ticket.id, messageId: entry.messageId });
    }
    return;
  }
  if (ticket.promptId !== null && entry.way === 'automatic') {
    await handOn(deps, tx, promptTurnJobDef, { companyId, ticketId: ticket.id, messageId: entry.messageId });
  }
}

/** The message that brought the ticket in goes on to the holder: its turn job, fetched at once. */
async function handOn(
  deps: Deps,
  tx: Tx,
  spec: typeof integrationTurnJobDef | typeof promptTurnJobDef,
  payload: { companyId: number; ticketId: number; messageId: number },
) {
  await deps.jobs.insertWithin(tx, spec, [{ id: randomUUID(), payload, singletonKey: `message:${payload.messageId}` }]);
}
