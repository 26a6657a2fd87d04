import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { ticketTracking } from '../../db/schema/index.js';
import type { TicketRow } from './ticket-view.js';

export interface CyclePatch {
  queuedAt?: Date;
  startedAt?: Date;
  finishedAt?: Date;
  ratingAt?: Date;
  rating?: number;
  ratedAt?: Date;
}

/**
 * The customer's first message of a cycle being made for the ticket: the first one after its
 * previous cycle's close (any, for its first cycle). Later messages of a cycle that has none are
 * recorded by the inbound batch (inbox/receive-batch.ts); one index range of the ticket's messages.
 */
const firstCustomerOf = (companyId: SQL, ticketId: SQL) => sql`(
  select min(m.created_at) from messages m
   where m.company_id = ${companyId} and m.ticket_id = ${ticketId} and not m.from_me
     and m.created_at > coalesce((select max(p.finished_at) from ticket_tracking p
                                   where p.company_id = ${companyId} and p.ticket_id = ${ticketId}), '-infinity'))`;

/**
 * Records a step of the ticket's current attendance cycle (see `ticket_tracking`), creating the
 * cycle when the ticket has none unfinished: tickets created by the inbound pipeline get theirs
 * on their first transition, with queuedAt = the ticket's creation. `ticket` is the ticket after
 * the change: the cycle follows its connection, queue and user. A cycle's first start is kept.
 * Callers hold the ticket row's lock, so one ticket's steps never race.
 */
export async function trackCycle(tx: Tx, ticket: TicketRow, patch: CyclePatch): Promise<void> {
  const now = new Date();
  const [current] = await tx
    .update(ticketTracking)
    .set({
      whatsappId: ticket.whatsappId,
      queueId: ticket.queueId,
      userId: ticket.userId,
      ...(patch.startedAt
        ? { startedAt: sql`coalesce(${ticketTracking.startedAt}, ${patch.startedAt.toISOString()}::timestamptz)` }
        : {}),
      ...(patch.finishedAt ? { finishedAt: patch.finishedAt } : {}),
      ...(patch.ratingAt ? { ratingAt: patch.ratingAt } : {}),
      ...(patch.rating ? { rating: patch.rating, ratedAt: patch.ratedAt ?? now } : {}),
      updatedAt: now,
    })
    .where(and(eq(ticketTracking.ticketId, ticket.id), isNull(ticketTracking.finishedAt)))
    .returning({ id: ticketTracking.id });
  if (current) return;
  await tx
    .insert(ticketTracking)
    .values({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      whatsappId: ticket.whatsappId,
      queueId: ticket.queueId,
      userId: ticket.userId,
      queuedAt: patch.queuedAt ?? ticket.createdAt,
      firstCustomerAt: firstCustomerOf(sql`${ticket.companyId}::int`, sql`${ticket.id}::int`),
      ...patch,
    })
    .onConflictDoNothing();
}

/**
 * `ticket_tracking` for many tickets at once, with the meaning `trackCycle` above gives it one
 * ticket at a time (the time rules' bulk passes): the ticket's unfinished cycle follows its connection, queue and
 * user — finished now when `finish` — and a ticket without one gets its first, queued at its
 * creation. Run after the tickets are updated, in the same transaction.
 */
export async function trackCycles(tx: Tx, ticketIds: readonly number[], opts: { finish: boolean }): Promise<void> {
  if (ticketIds.length === 0) return;
  const ids = sql`${sql.param([...ticketIds])}::int[]`;
  const finishedAt = opts.finish ? sql`now()` : sql`null::timestamptz`;
  await tx.execute(sql`
    with followed as (
      update ticket_tracking c
      set whatsapp_id = t.whatsapp_id, queue_id = t.queue_id, user_id = t.user_id,
          finished_at = coalesce(${finishedAt}, c.finished_at), updated_at = now()
      from tickets t
      where t.id = any(${ids}) and c.ticket_id = t.id and c.finished_at is null
      returning c.ticket_id
    )
    insert into ticket_tracking (company_id, ticket_id, whatsapp_id, queue_id, user_id, queued_at, finished_at, first_customer_at)
    select t.company_id, t.id, t.whatsapp_id, t.queue_id, t.user_id, t.created_at, ${finishedAt},
           ${firstCustomerOf(sql`t.company_id`, sql`t.id`)}
    from tickets t
    where t.id = any(${ids}) and t.id not in (select ticket_id from followed)
    on conflict do nothing`);
}
