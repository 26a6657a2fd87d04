import { and, eq, notInArray } from 'drizzle-orm';
import type { TagSyncBody, Ticket } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { ticketTags } from '../../db/schema/index.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadTicketView, type TicketView } from '../tickets/ticket-view.js';
import { ticketEvents } from '../tickets/ticket-events.js';
import { ensureCompanyTags } from './tag-view.js';
import { recordActivity } from '../tickets/activity.js';

/**
 * `POST /tags/sync {ticketId, tags: [{id}]}`: the ticket's tags become exactly these, in one
 * transaction with the ticket row locked (two syncs of one ticket apply one after the other).
 * Every id is checked before anything is written, so a bad one changes nothing. A ticket the
 * caller may not see answers 404. The ticket's audience hears the update when the set changed;
 * `updatedAt` is left alone (tagging is not activity, the list keeps its order).
 */
export function syncTicketTags(ctx: Ctx, input: TagSyncBody): Promise<TicketView> {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const { ticket } = await findVisibleTicket(tx, actor, input.ticketId, { lock: true });
    const wanted = input.tags.map((t) => t.id);
    await ensureCompanyTags(tx, wanted);
    const ids = [...new Set(wanted)];

    const removed = await tx
      .delete(ticketTags)
      .where(and(eq(ticketTags.ticketId, ticket.id), ids.length > 0 ? notInArray(ticketTags.tagId, ids) : undefined))
      .returning({ tagId: ticketTags.tagId });
    const added =
      ids.length === 0
        ? []
        : await tx
            .insert(ticketTags)
            .values(ids.map((tagId) => ({ companyId: actor.companyId, ticketId: ticket.id, tagId })))
            .onConflictDoNothing()
            .returning({ tagId: ticketTags.tagId });

    await recordActivity(tx, ticket, actor.userId, [
      ...added.map((t) => ({ action: 'tagged' as const, tagId: t.tagId })),
      ...removed.map((t) => ({ action: 'untagged' as const, tagId: t.tagId })),
    ]);
    const view = (await loadTicketView(tx, ticket.id))!;
    if (removed.length > 0 || added.length > 0) events.push(...ticketEvents.changed(actor.companyId, view));
    return view;
  });
}

wireMatches<Answer<typeof syncTicketTags>, Ticket>(true);
