import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { flowRuns, tickets } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import type { TicketRow } from '../../modules/tickets/ticket-view.js';
import { DEFAULT_TIME_ZONE } from '../business-hours.js';
import type { SavedGraph } from './flow-graph.js';
import { claimMessageJob } from '../message-jobs.js';
import { flowTurnJobDef } from './flow-jobs.js';

const ticketRows = tableRows(tickets);
const runRows = tableRows(flowRuns);

export type RunRow = typeof flowRuns.$inferSelect;

/** The ticket a step works on, locked, with what its texts need. */
export interface FlowTicket {
  ticket: TicketRow;
  contactName: string;
  timeZone: string;
}

/** An inbound message's turn: the ticket (locked), the message, the connection's active campaigns. */
export interface FlowTurn extends FlowTicket {
  /** False when a claim was asked and a worker holds the job: this run must not act. */
  claimed: boolean;
  /** A flow already took this message or a newer one of the ticket (a repeat). */
  seen: boolean;
  /** The customer's message (null: not a customer message of this ticket). */
  body: string | null;
  isText: boolean;
  /** The connection's active campaigns whose flow is active and saved, oldest first. */
  campaigns: { id: number; flowId: number; phrase: string }[];
}

/**
 * Everything a message's turn decides with, in one statement (every answer to a menu comes this
 * way: round trips count): the ticket locked, the claim of its job, whether a flow saw the
 * message, its text, the contact's name, the company's zone and the connection's campaigns.
 */
export async function readFlowTurn(
  tx: Tx,
  job: { ticketId: number; messageId: number },
  claim?: string,
): Promise<FlowTurn | undefined> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    ${claim ? sql`with claimed as (${claimMessageJob(flowTurnJobDef, claim)})` : sql``}
    select ${ticketRows.list('t')}, c.name as "_contactName", co.timezone as "_zone",
      ${claim ? sql`exists (select 1 from claimed)` : sql`true`} as "_claimed",
      exists (select 1 from flow_runs r where r.ticket_id = t.id and r.last_message_id >= ${job.messageId}) as "_seen",
      m.body as "_body", m.media_type as "_type",
      (select coalesce(json_agg(json_build_object('id', fc.id, 'flowId', fc.flow_id, 'phrase', fc.phrase) order by fc.id), '[]'::json)
         from flow_campaigns fc join flows f on f.id = fc.flow_id
         where fc.whatsapp_id = t.whatsapp_id and fc.status and f.active and f.graph is not null) as "_campaigns"
    from tickets t
      join contacts c on c.id = t.contact_id
      left join companies co on co.id = t.company_id
      left join messages m on m.id = ${job.messageId} and m.ticket_id = t.id and not m.from_me
    where t.id = ${job.ticketId}
    for update of t`);
  const row = rows[0];
  if (!row) return undefined;
  return {
    ...ticketOf(row),
    claimed: row._claimed === true,
    seen: row._seen === true,
    body: (row._body as string | null) ?? null,
    isText: row._type === 'chat',
    campaigns: row._campaigns as FlowTurn['campaigns'],
  };
}

/**
 * A due wait's ticket, locked only when free (SKIP LOCKED: another process's sweep, or a message
 * being stored, holds it; the next pass tries again), with what texts need.
 */
export async function lockFreeTicket(tx: Tx, ticketId: number): Promise<FlowTicket | undefined> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ${ticketRows.list('t')}, c.name as "_contactName", co.timezone as "_zone"
    from tickets t
      join contacts c on c.id = t.contact_id
      left join companies co on co.id = t.company_id
    where t.id = ${ticketId}
    for update of t skip locked`);
  return rows[0] ? ticketOf(rows[0]) : undefined;
}

/** The contact's name and the company's zone of a ticket the caller already locked. */
export async function readTicketTexts(tx: Tx, ticket: TicketRow): Promise<FlowTicket> {
  const { rows } = await tx.execute<{ name: string; zone: string | null }>(sql`
    select c.name, (select co.timezone from companies co where co.id = ${ticket.companyId}) as zone
    from contacts c where c.id = ${ticket.contactId}`);
  return { ticket, contactName: rows[0]?.name ?? '', timeZone: rows[0]?.zone || DEFAULT_TIME_ZONE };
}

const ticketOf = (row: Record<string, unknown>): FlowTicket => ({
  ticket: ticketRows.map(row),
  contactName: (row._contactName as string | null) ?? '',
  timeZone: (row._zone as string | null) || DEFAULT_TIME_ZONE,
});

/**
 * The run locked (after its ticket: the one lock order of flows, ticket updates and the sweep),
 * with its flow's graph: the ticket's live run, or run `id` only while it still waits at `step`
 * for a time that has come.
 */
export async function lockRun(
  tx: Tx,
  where: { ticketId: number } | { id: number; step: number },
): Promise<(RunRow & { graph: SavedGraph | null }) | undefined> {
  const filter =
    'ticketId' in where
      ? sql`r.ticket_id = ${where.ticketId} and r.status in ('running', 'waiting')`
      : sql`r.id = ${where.id} and r.step = ${where.step} and r.status = 'waiting' and r.waiting = 'time'
            and r.wait_until <= now()`;
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    select ${runRows.list('r')}, f.graph as "_graph"
    from flow_runs r left join flows f on f.id = r.flow_id
    where ${filter}
    for update of r`);
  const row = rows[0];
  return row ? { ...runRows.map(row), graph: (row._graph as SavedGraph | null) ?? null } : undefined;
}
