import { asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { canSee, viewerColumns, viewerOf, type Viewer } from './visibility.js';
import { ticketForViewer, type TicketRow, type TicketView } from './ticket-view.js';

/** A ticket the caller may see, with the viewer they see it as. */
export interface VisibleTicket {
  ticket: TicketRow;
  viewer: Viewer;
}

/** Tickets selected with the caller's viewer: one round trip instead of three. */
function withViewer(tx: Tx, actor: Pick<Actor, 'userId'>) {
  return tx
    .select({ ticket: tickets, ...viewerColumns(actor.userId) })
    .from(tickets)
    .$dynamic();
}

/** The row as the caller's, when they may see it. */
function visibleOf(actor: Pick<Actor, 'userId'>, row: Awaited<ReturnType<typeof withViewer>>[number]) {
  const viewer = viewerOf(actor, row);
  return canSee(viewer, row.ticket) ? { ticket: row.ticket, viewer } : undefined;
}

/** The ticket when the caller may see it (optionally locked for update); otherwise 404. */
export async function findVisibleTicket(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<VisibleTicket> {
  const query = withViewer(tx, actor).where(eq(tickets.id, id));
  const [row] = opts.lock ? await query.for('update') : await query;
  const found = row && visibleOf(actor, row);
  if (!found) throw notFound('ticket');
  return found;
}

/**
 * Those of `ids` the caller may see, locked for update in id order (a bulk's chunk: one
 * statement, and one lock order for every chunk). The others are left out.
 */
export async function lockVisibleTickets(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  ids: readonly number[],
): Promise<Map<number, VisibleTicket>> {
  const rows = await withViewer(tx, actor)
    .where(inArray(tickets.id, [...ids]))
    .orderBy(asc(tickets.id))
    .for('update');
  const found = new Map<number, VisibleTicket>();
  for (const row of rows) {
    const visible = visibleOf(actor, row);
    if (visible) found.set(row.ticket.id, visible);
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
