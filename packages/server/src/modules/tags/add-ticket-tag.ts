import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { tags, ticketTags } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadTicketView, type TicketView } from '../tickets/ticket-view.js';
import { ticketEvents } from '../tickets/ticket-events.js';
import type { Ticket } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * `PUT /ticket-tags/{ticketId}/{tagId}` (the kanban board's card move, after remove-lane-tags.ts):
 * adds one tag (any tag of the company; an unknown one answers 404) to a ticket the caller sees,
 * locked; the ticket's update is published when the tag was not there yet.
 */
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
    if (added.length > 0) events.push(...ticketEvents.changed(actor.companyId, view));
    return view;
  });
}

wireMatches<Answer<typeof addTicketTag>, Ticket>(true);
