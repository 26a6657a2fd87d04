import { MESSAGES_PAGE_SIZE, type MessagePage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { findVisibleTicketView } from '../tickets/visible-ticket.js';
import { messagePage } from './message-view.js';
import { markTicketRead, sendReadReceipts } from './mark-read.js';

/**
 * `GET /messages/{ticketId}` → `{messages, ticket, count, hasMore}`: page 1 holds the newest 20,
 * each page oldest first. Reading marks the ticket read when the caller works it (it is assigned
 * to them); anyone else who may see it (an admin peeking, a colleague of the queue) only reads.
 *
 * The hot read of the inbox, so it is kept to two statements when nothing is marked: the ticket's
 * view with the viewer, then the page with its count (docs/bench/inbox-plans.md §3).
 */
export async function listMessages(ctx: Ctx, ticketId: number, pageNumber: number) {
  const { page, receipt } = await ctx.tenant(async (tx, events) => {
    const { view, companyId } = await findVisibleTicketView(tx, ctx.actor, ticketId);
    let ticket = view;
    let receipt;
    if (view.userId === ctx.actor.userId) {
      receipt = await markTicketRead(tx, events, { ...view, companyId });
      // Marking leaves the ticket with nothing unread and changes nothing else of its view.
      ticket = { ...view, unreadMessages: 0 };
    }
    const { messages, hasMore, count } = await messagePage(tx, ticketId, pageNumber, MESSAGES_PAGE_SIZE);
    return { page: { messages, ticket, count, hasMore }, receipt };
  });
  sendReadReceipts(ctx.deps, receipt);
  return page;
}

wireMatches<Answer<typeof listMessages>, MessagePage>(true);
