import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { canSee, loadViewer } from './visibility.js';
import { loadTicketView, ticketDetail } from './ticket-view.js';
import type { TicketDetail } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /tickets/{id}` and `/tickets/u/{uuid}`: the ticket with its contact's details and rating; 404 when not visible. */
export async function getTicket(ctx: Ctx, ref: { id: number } | { uuid: string }) {
  return ctx.tenant(async (tx) => {
    const [row] = await tx
      .select({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId })
      .from(tickets)
      .where('id' in ref ? eq(tickets.id, ref.id) : eq(tickets.uuid, ref.uuid));
    if (!row || !canSee(await loadViewer(tx, ctx.actor), row)) throw notFound('ticket');
    return ticketDetail(tx, (await loadTicketView(tx, row.id))!);
  });
}

wireMatches<Answer<typeof getTicket>, TicketDetail>(true);
