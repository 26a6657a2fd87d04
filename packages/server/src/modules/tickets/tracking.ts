import { and, eq, isNull, sql } from 'drizzle-orm';
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
      ...patch,
    })
    .onConflictDoNothing();
}
