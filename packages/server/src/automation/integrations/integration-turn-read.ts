import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { integrationSessions, messages, queueIntegrations, tickets } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import type { TicketRow } from '../../modules/tickets/ticket-view.js';
import { claimMessageJob } from '../message-jobs.js';
import { integrationTurnJobDef } from './integration-jobs.js';

const ticketRows = tableRows(tickets);
const integrationRows = tableRows(queueIntegrations);
const sessionRows = tableRows(integrationSessions);
const messageRows = tableRows(messages);

export type IntegrationRow = typeof queueIntegrations.$inferSelect;
export type SessionRow = typeof integrationSessions.$inferSelect;
export type MessageRow = typeof messages.$inferSelect;

/** What an integration's turn (or start) works from: the ticket locked, and around it. */
export interface IntegrationTurn {
  /** False when a claim was asked and a worker holds the job: this run must not act. */
  claimed: boolean;
  ticket: TicketRow;
  /** The integration the ticket holds now (none: it holds none). */
  integration?: IntegrationRow;
  /** The ticket's integration session, when it is that integration's. */
  session?: SessionRow;
  /** The customer's message of the job (none: not a customer message of this ticket, or a start). */
  message?: MessageRow;
  contact: { id: number; name: string; number: string; email: string };
  connection: { id: number; name: string; number: string } | null;
}

/** Whether the ticket still lets an integration answer: pending, nobody attending, not a group. */
export const unattended = (t: TicketRow) => t.status === 'pending' && t.userId === null && !t.isGroup;

/**
 * The ticket (locked), its integration, its session (only the current integration's), the job's
 * customer message, the contact and the connection, in one statement — with, for a run that
 * claims its job (`claim`), the job row deleted in it (a turn per message: round trips count).
 */
export async function readIntegrationTurn(
  tx: Tx,
  job: { ticketId: number; messageId?: number },
  claim?: string,
): Promise<IntegrationTurn | undefined> {
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    ${claim ? sql`with claimed as (${claimMessageJob(integrationTurnJobDef, claim)})` : sql``}
    select ${ticketRows.list('t')}, ${claim ? sql`exists (select 1 from claimed)` : sql`true`} as "_claimed",
      (select to_jsonb(x) from (select ${integrationRows.list('qi')} from queue_integrations qi
         where qi.id = t.integration_id) x) as "_integration",
      (select to_jsonb(x) from (select ${sessionRows.list('s')} from integration_sessions s
         where s.ticket_id = t.id and s.integration_id = t.integration_id) x) as "_session",
      (select to_jsonb(x) from (select ${messageRows.list('m')} from messages m
         where m.id = ${job.messageId ?? null}::bigint and m.ticket_id = t.id and not m.from_me) x) as "_message",
      json_build_object('id', c.id, 'name', c.name, 'number', c.number, 'email', c.email) as "_contact",
      (select json_build_object('id', w.id, 'name', w.name, 'number', w.number) from whatsapps w
         where w.id = t.whatsapp_id) as "_connection"
    from tickets t join contacts c on c.id = t.contact_id
    where t.id = ${job.ticketId}
    for update of t`);
  const row = rows[0];
  if (!row) return undefined;
  const nested = <T>(value: unknown, map: (r: Record<string, unknown>) => T) =>
    value ? map(value as Record<string, unknown>) : undefined;
  return {
    claimed: row._claimed === true,
    ticket: ticketRows.map(row),
    integration: nested(row._integration, integrationRows.map),
    session: nested(row._session, sessionRows.map),
    message: nested(row._message, messageRows.map),
    contact: row._contact as IntegrationTurn['contact'],
    connection: (row._connection as IntegrationTurn['connection']) ?? null,
  };
}
