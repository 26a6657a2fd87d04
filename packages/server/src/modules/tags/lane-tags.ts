import { and, eq, inArray } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { tags, ticketTags } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadTicketView, type TicketView } from '../tickets/ticket-view.js';
import { pushTicketChange } from '../tickets/ticket-events.js';

/**
 * The kanban board's moves (operations §2): dragging a card removes its lane tags
 * (`DELETE /ticket-tags/{ticketId}`), then adds the new lane's tag
 * (`PUT /ticket-tags/{ticketId}/{tagId}`). Both need the ticket to be visible to the caller
 * (404 otherwise), lock it, and publish the ticket's update when something changed.
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
    if (removed.length > 0) pushTicketChange(events, actor.companyId, view);
    return view;
  });
}

/** Adds one tag (any tag of the company; an unknown one answers 404) to a ticket. */
export function addTicketTag(ctx: Ctx, ticketId: number, tagId: number): Promise<TicketView> {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findVisibleTicket(tx, actor, ticketId, { lock: true });
    const [tag] = await tx.select({ id: tags.id }).from(tags).where(eq(tags.id, tagId));
    if (!tag) throw notFound('tag');
    const added = await tx
      .insert(ticketTags)
      .values({ companyId: actor.companyId, ticketId, tagId })
      .onConflictDoNothing()
      .returning({ tagId: ticketTags.tagId });
    const view = (await loadTicketView(tx, ticketId))!;
    if (added.length > 0) pushTicketChange(events, actor.companyId, view);
    return view;
  });
}
