import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { selectTickets, withTags } from './ticket-view.js';

/**
 * ERR_OTHER_OPEN_TICKET (409) carrying the contact's live ticket on the connection, with its user
 * and queue, so the web can say whose it is (operations §8). Read after the unique index
 * `tickets_one_live_key` refused a second live ticket, in a fresh transaction. `ticketId` names
 * the ticket that could not become live (its contact and connection are the defaults).
 */
export async function otherOpenTicket(
  ctx: Ctx,
  ref: { ticketId?: number; contactId?: number; whatsappId?: number | null },
): Promise<AppError> {
  const existing = await ctx.tenant(async (tx) => {
    let { contactId, whatsappId } = ref;
    if (ref.ticketId !== undefined) {
      const [row] = await tx
        .select({ contactId: tickets.contactId, whatsappId: tickets.whatsappId })
        .from(tickets)
        .where(eq(tickets.id, ref.ticketId));
      contactId ??= row?.contactId;
      whatsappId ??= row?.whatsappId;
    }
    if (contactId === undefined || whatsappId === undefined || whatsappId === null) return undefined;
    const [row] = await selectTickets(
      tx,
      and(
        eq(tickets.contactId, contactId),
        eq(tickets.whatsappId, whatsappId),
        inArray(tickets.status, ['pending', 'open']),
        ref.ticketId !== undefined ? ne(tickets.id, ref.ticketId) : undefined,
      ),
    ).limit(1);
    return row && withTags(row);
  });
  return new AppError('ERR_OTHER_OPEN_TICKET', 'This contact already has an open ticket on this connection', {
    extra: { ticket: existing ?? null },
  });
}
