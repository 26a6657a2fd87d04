import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Actor } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { canSee, loadViewer, type Viewer } from './visibility.js';
import type { TicketRow } from './ticket-view.js';

/** The ticket when the caller may see it (optionally locked for update); otherwise 404. */
export async function findVisibleTicket(
  tx: Tx,
  actor: Pick<Actor, 'userId'>,
  id: number,
  opts: { lock?: boolean } = {},
): Promise<{ ticket: TicketRow; viewer: Viewer }> {
  const query = tx.select().from(tickets).where(eq(tickets.id, id));
  const [ticket] = opts.lock ? await query.for('update') : await query;
  const viewer = await loadViewer(tx, actor);
  if (!ticket || !canSee(viewer, ticket)) throw notFound('ticket');
  return { ticket, viewer };
}
