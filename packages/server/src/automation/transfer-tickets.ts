import { and, eq, gt, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Deps, Uow } from '../platform/context.js';
import { queues, tickets, whatsapps } from '../db/schema/index.js';
import { selectTickets, withTags } from '../modules/tickets/ticket-view.js';
import { ticketEvents } from '../modules/tickets/ticket-events.js';
import { trackCycles } from '../modules/tickets/tracking.js';
import { sweep, type SweepOptions } from './sweep.js';

/**
 * The transfer rule (connection `timeToTransfer`, minutes, with `transferQueueId`; unset or 0 =
 * off): a ticket still waiting without a queue (pending, no user) that long after it arrived
 * (its creation) moves to the connection's transfer queue, as a transfer to a queue does it
 * (tickets/transfer-ticket.ts: pending, no user, the bot stops; the attendance cycle follows the
 * queue; the old audience hears a delete, the queue's the update), set-based. The move is quiet:
 * nobody was talking to the customer. Running it again finds nothing more to do.
 */
export function transferWaitingTickets(deps: Deps, opts?: SweepOptions) {
  return sweep(deps, transferBatch, opts);
}

async function transferBatch({ tx, events }: Uow, size: number): Promise<number> {
  const due = await tx
    .select({ id: tickets.id, companyId: tickets.companyId, queueId: whatsapps.transferQueueId })
    .from(tickets)
    .innerJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    // The transfer queue must be the company's own (the platform path sees every company's).
    .innerJoin(queues, and(eq(queues.id, whatsapps.transferQueueId), eq(queues.companyId, tickets.companyId)))
    .where(
      and(
        eq(tickets.status, 'pending'),
        isNull(tickets.queueId),
        isNull(tickets.userId),
        isNotNull(whatsapps.transferQueueId),
        gt(whatsapps.timeToTransfer, 0),
        sql`${tickets.createdAt} < now() - make_interval(mins => ${whatsapps.timeToTransfer})`,
        // The shortest delay anywhere bounds the index scan (tickets_pending_queueless_idx).
        sql`${tickets.createdAt} < now() - make_interval(mins => (select min(w.time_to_transfer) from whatsapps w
          where w.time_to_transfer > 0 and w.transfer_queue_id is not null))`,
      ),
    )
    .orderBy(tickets.createdAt)
    .limit(size)
    .for('update', { of: tickets, skipLocked: true });
  if (due.length === 0) return 0;

  const ids = due.map((d) => d.id);
  await tx
    .update(tickets)
    .set({ queueId: sql`v.queue_id`, chatbot: false, queueOptionId: null, updatedAt: sql`now()` })
    .from(sql`unnest(${sql.param(ids)}::int[], ${sql.param(due.map((d) => d.queueId!))}::int[]) as v(id, queue_id)`)
    .where(eq(tickets.id, sql`v.id`));
  await trackCycles(tx, ids, { finish: false });

  const companyOf = new Map(due.map((d) => [d.id, d.companyId]));
  const before = { queueId: null, userId: null, status: 'pending' } as const;
  for (const row of await selectTickets(tx, inArray(tickets.id, ids))) {
    events.push(...ticketEvents.changed(companyOf.get(row.id)!, withTags(row), before));
  }
  return due.length;
}
