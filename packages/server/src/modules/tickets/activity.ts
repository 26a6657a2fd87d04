import { asc, eq } from 'drizzle-orm';
import type { ActivityAction, TicketActivityPage } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { ticketActivities } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findVisibleTicket } from './visible-ticket.js';

/** What a change reads of the ticket, before and after. */
interface TicketState {
  id: number;
  companyId: number;
  status: string;
  queueId: number | null;
  userId: number | null;
}

interface ActivityRow {
  action: ActivityAction;
  toQueueId?: number | null;
  toUserId?: number | null;
  tagId?: number | null;
}

/** Appends rows to the ticket's trail, in the caller's transaction (rolled back with it). */
export async function recordActivity(
  tx: Tx,
  ticket: Pick<TicketState, 'id' | 'companyId' | 'queueId'>,
  by: number | null,
  rows: ActivityRow[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(ticketActivities).values(
    rows.map((r) => ({
      companyId: ticket.companyId,
      ticketId: ticket.id,
      userId: by,
      queueId: ticket.queueId,
      ...r,
    })),
  );
}

/**
 * The one rule that names a change of a ticket's status, queue or user (every path that writes
 * a ticket calls it with the row before and after): closing, reopening, accepting (pending →
 * open), a queue change (transferred, with the user it went to), or a user change alone (assigned).
 */
export function changeActions(before: TicketState, after: TicketState): ActivityRow[] {
  if (after.status === 'closed' && before.status !== 'closed') return [{ action: 'closed' }];
  if (before.status === 'closed' && after.status !== 'closed')
    return [{ action: 'reopened', toQueueId: after.queueId, toUserId: after.userId }];
  if (before.queueId !== after.queueId)
    return [{ action: 'transferred', toQueueId: after.queueId, toUserId: after.userId }];
  if (before.status === 'pending' && after.status === 'open') return [{ action: 'accepted', toUserId: after.userId }];
  if (before.userId !== after.userId) return [{ action: 'assigned', toUserId: after.userId }];
  return [];
}

/** Records the change from `before` to `after` (nothing when the status, queue and user are the same). */
export function recordChange(tx: Tx, before: TicketState, after: TicketState, by: number | null): Promise<void> {
  return recordActivity(tx, before, by, changeActions(before, after));
}

/** `GET /tickets/{id}/activity`: oldest first; a ticket the caller may not see is 404. */
export function ticketActivity(ctx: Ctx, id: number): Promise<TicketActivityPage> {
  return ctx.tenant(async (tx) => {
    await findVisibleTicket(tx, ctx.actor, id);
    const rows = await tx
      .select()
      .from(ticketActivities)
      .where(eq(ticketActivities.ticketId, id))
      .orderBy(asc(ticketActivities.id));
    return {
      records: rows.map((r) => ({
        action: r.action,
        at: r.createdAt.toISOString(),
        userId: r.userId,
        queueId: r.queueId,
        ...(r.toQueueId !== null ? { toQueueId: r.toQueueId } : {}),
        ...(r.toUserId !== null ? { toUserId: r.toUserId } : {}),
        ...(r.tagId !== null ? { tagId: r.tagId } : {}),
      })),
    };
  });
}

wireMatches<Answer<typeof ticketActivity>, TicketActivityPage>(true);
