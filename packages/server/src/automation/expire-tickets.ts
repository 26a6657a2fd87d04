import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Deps, Uow } from '../platform/context.js';
import type { Tx } from '../db/client.js';
import { companies, contacts, messages, tickets, whatsapps } from '../db/schema/index.js';
import { selectTickets, withTags } from '../modules/tickets/ticket-view.js';
import { ticketEvents } from '../modules/tickets/ticket-events.js';
import { messageEvents } from '../modules/messages/message-events.js';
import { applyMessageVariables } from '../modules/messages/message-variables.js';
import { previewOf } from '../modules/messages/preview.js';
import { insertMessageRows, QUEUED_OUTBOUND } from '../modules/messages/message-rows.js';
import { DEFAULT_TIME_ZONE } from './business-hours.js';
import { trackCycles } from '../modules/tickets/tracking.js';
import { sweep, type SweepOptions } from './sweep.js';

/**
 * The expiry rule (connection `expiresTicket`, minutes; 0 = off): an open ticket whose last word
 * is the agent's — `lastAgentMessageAt` older than that, and no customer message since — is
 * closed, as closing does it (`closeNow` in tickets/close-ticket.ts: queue and user kept, rating
 * no longer pending, integration and prompt cleared, the attendance cycle finished, the ticket's
 * event), set-based. The customer gets one farewell: the connection's `expiresInactiveMessage`
 * when it has one, else its completion message, like any close; no rating is asked (the customer
 * went silent). Groups get no message. Running it again finds nothing more to do.
 */
export function expireTickets(deps: Deps, opts?: SweepOptions) {
  return sweep(deps, expireBatch, opts);
}

async function expireBatch({ tx, events, afterCommit }: Uow, size: number): Promise<number> {
  const due = await tx
    .select({
      id: tickets.id,
      companyId: tickets.companyId,
      status: tickets.status,
      queueId: tickets.queueId,
      userId: tickets.userId,
      whatsappId: tickets.whatsappId,
      isGroup: tickets.isGroup,
      contactName: contacts.name,
      timeZone: companies.timezone,
      farewell: sql<string>`case when btrim(${whatsapps.expiresInactiveMessage}) <> ''
        then ${whatsapps.expiresInactiveMessage} else ${whatsapps.complationMessage} end`,
    })
    .from(tickets)
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .innerJoin(companies, eq(companies.id, tickets.companyId))
    .where(
      and(
        eq(tickets.status, 'open'),
        gt(whatsapps.expiresTicket, 0),
        sql`${tickets.lastAgentMessageAt} < now() - make_interval(mins => ${whatsapps.expiresTicket})`,
        // The shortest expiry anywhere bounds the index scan (tickets_open_agent_idx): tickets
        // answered more recently than that are not even read.
        sql`${tickets.lastAgentMessageAt} < now() - make_interval(mins => (select min(w.expires_ticket) from whatsapps w where w.expires_ticket > 0))`,
        sql`(${tickets.lastCustomerMessageAt} is null or ${tickets.lastCustomerMessageAt} < ${tickets.lastAgentMessageAt})`,
      ),
    )
    .orderBy(tickets.lastAgentMessageAt)
    .limit(size)
    .for('update', { of: tickets, skipLocked: true });
  if (due.length === 0) return 0;

  const farewells = due
    .filter((d) => !d.isGroup && d.whatsappId !== null && d.farewell.trim())
    .map((d) => ({
      ...d,
      whatsappId: d.whatsappId!,
      body: applyMessageVariables(d.farewell.trim(), {
        contactName: d.contactName,
        ticketId: d.id,
        timeZone: d.timeZone || DEFAULT_TIME_ZONE,
      }),
    }));
  const preview = new Map(farewells.map((f) => [f.id, previewOf('chat', f.body)]));
  const ids = due.map((d) => d.id);
  // Closed as closeNow closes, the farewell as the preview: the batch in one statement.
  await tx.execute(sql`
    update tickets t set status = 'closed', rating_pending = false, chatbot = false, integration_id = null,
      prompt_id = null, use_integration = false, last_message = coalesce(v.preview, t.last_message),
      last_message_at = case when v.preview is null then t.last_message_at else now() end, updated_at = now()
    from unnest(${sql.param(ids)}::int[], ${sql.param(ids.map((id) => preview.get(id) ?? null))}::text[]) as v(id, preview)
    where t.id = v.id`);
  const sent = await insertFarewells(tx, farewells);
  await trackCycles(tx, ids, { finish: true });

  const views = new Map((await selectTickets(tx, inArray(tickets.id, ids))).map((r) => [r.id, withTags(r)]));
  for (const m of sent) {
    const ticket = views.get(m.ticketId)!;
    events.push(messageEvents.created(m.companyId, { ...m, fromBot: true }, ticket));
    afterCommit.kickOutbox(m.whatsappId!);
  }
  // Open → closed: the open lists hear a delete first, then the closed ticket.
  for (const d of due) events.push(...ticketEvents.changed(d.companyId, views.get(d.id)!, d));
  return due.length;
}

/**
 * The farewells in one statement whatever their number: rows arrive as a few arrays (unnest),
 * not as a VALUES list of thousands of parameters, which costs far more to send and plan.
 */
async function insertFarewells(
  tx: Tx,
  list: readonly { companyId: number; id: number; whatsappId: number; body: string }[],
) {
  if (list.length === 0) return [];
  const inserted = await tx.execute<{ id: number }>(sql`
    ${insertMessageRows(
      {
        companyId: sql`v.company_id`,
        ticketId: sql`v.ticket_id`,
        whatsappId: sql`v.whatsapp_id`,
        body: sql`v.body`,
        ...QUEUED_OUTBOUND,
        mediaType: sql`'chat'`,
        data: sql`'{"bot": true}'::jsonb`,
      },
      sql`from unnest(${sql.param(list.map((f) => f.companyId))}::int[], ${sql.param(list.map((f) => f.id))}::int[],
      ${sql.param(list.map((f) => f.whatsappId))}::int[], ${sql.param(list.map((f) => f.body))}::text[])
      as v(company_id, ticket_id, whatsapp_id, body)`,
    )}
    returning id`);
  const ids = inserted.rows.map((r) => Number(r.id));
  return tx.select().from(messages).where(inArray(messages.id, ids)).orderBy(messages.id);
}
