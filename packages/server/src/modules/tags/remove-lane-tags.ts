import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { tags, ticketTags } from '../../db/schema/index.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadTicketView, type TicketView } from '../tickets/ticket-view.js';
import { ticketEvents } from '../tickets/ticket-events.js';
import type { Ticket } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * `DELETE /ticket-tags/{ticketId}`. The kanban board's moves (operations §2): dragging a card
 * removes its lane tags (here), then adds the new lane's tag (add-ticket-tag.ts). Both need the
 * ticket to be visible to the caller (404 otherwise), lock it, and publish the ticket's update
 * when something changed.
 */
export function removeLaneTags(ctx: Ctx, ticketId: number): Promise<TicketView> {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findVisibleTicket(tx, actor, ticketId, { lock: true });
    const lanes = tx.select({ id: tags.id }).from(tags).where(eq(tags.kanban, 1));
    const removed = await tx
      .delete(ticketTags)
      .where(and(eq(ticketTags.ticketId, ticketId), inArray(ticketTags.tagId, lanes)))
      .returning({ tagId: ticketTags.tagId });
    const view = (await loadTicketView(tx, ticketId))!;
    if (removed.length > 0) events.push(...ticketEvents.changed(actor.companyId, view));
    return view;
  });
}

wireMatches<Answer<typeof removeLaneTags>, Ticket>(true);
