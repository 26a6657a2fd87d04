import { count, eq } from 'drizzle-orm';
import { MESSAGES_PAGE_SIZE } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadTicketView } from '../tickets/ticket-view.js';
import { messagePage } from './message-view.js';
import { markTicketRead, sendReadReceipts } from './mark-read.js';

/**
 * `GET /messages/{ticketId}` → `{messages, ticket, count, hasMore}`: page 1 holds the newest 20,
 * each page oldest first. Reading marks the ticket read when the caller works it (it is assigned
 * to them); anyone else who may see it (an admin peeking, a colleague of the queue) only reads.
 */
export async function listMessages(ctx: Ctx, ticketId: number, pageNumber: number) {
  const { page, receipt } = await ctx.tenant(async (tx, events) => {
    const { ticket } = await findVisibleTicket(tx, ctx.actor, ticketId);
    const receipt = ticket.userId === ctx.actor.userId ? await markTicketRead(tx, events, ticket) : undefined;
    const { messages: rows, hasMore } = await messagePage(tx, ticketId, pageNumber, MESSAGES_PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(messages).where(eq(messages.ticketId, ticketId));
    const view = await loadTicketView(tx, ticketId);
    return { page: { messages: rows, ticket: view!, count: total?.n ?? 0, hasMore }, receipt };
  });
  sendReadReceipts(ctx.deps, receipt);
  return page;
}
