import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { canSee, viewerColumns, viewerOf, type Viewer } from './visibility.js';
import { ticketForViewer, type TicketRow, type TicketView } from './ticket-view.js';

/** The ticket when the caller may see it (optionally locked for update); otherwise 404. */
export async function findVisibleTicket(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<{ ticket: TicketRow; viewer: Viewer }> {
  // The viewer comes with the ticket: one round trip instead of three.
  const query = tx
    .select({ ticket: tickets, ...viewerColumns(actor.userId) })
    .from(tickets)
    .where(eq(tickets.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  const viewer = row && viewerOf(actor, row);
  if (!row || !canSee(viewer!, row.ticket)) throw notFound('ticket');
  return { ticket: row.ticket, viewer: viewer! };
}

/**
 * Those of `ids` the caller may see, locked for update in id order (a bulk's chunk: one
 * statement, and one lock order for every chunk), each with the viewer. The others are left out.
 */
export async function lockVisibleTickets(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  ids: readonly number[],
): Promise<Map<number, { ticket: TicketRow; viewer: Viewer }>> {
  const rows = await tx
    .select({ ticket: tickets, ...viewerColumns(actor.userId) })
    .from(tickets)
    .where(inArray(tickets.id, [...ids]))
    .orderBy(asc(tickets.id))
    .for('update');
  const found = new Map<number, { ticket: TicketRow; viewer: Viewer }>();
  for (const row of rows) {
    const viewer = viewerOf(actor, row);
    if (canSee(viewer, row.ticket)) found.set(row.ticket.id, { ticket: row.ticket, viewer });
  }
  return found;
}

/**
 * The ticket as the API shows it (`TicketView`), when the caller may see it; otherwise 404. One
 * statement: the view, the viewer, and the company (which the view does not show).
 */
export async function findVisibleTicketView(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  id: number,
): Promise<{ view: TicketView; companyId: number; viewer: Viewer }> {
  const [row] = await ticketForViewer(tx).execute({ id, userId: actor.userId });
  if (!row) throw notFound('ticket');
  const { companyId, viewerProfile, viewerAllTicket, viewerQueueIds, ...view } = row;
  const viewer = viewerOf(actor, { viewerProfile, viewerAllTicket, viewerQueueIds });
  if (!canSee(viewer, view)) throw notFound('ticket');
  return { view, companyId, viewer };
}
