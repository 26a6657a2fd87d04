import { and, eq, isNotNull } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { messages, tickets } from '../../db/schema/index.js';
import { findVisibleTicket } from './visible-ticket.js';
import { ticketEvents } from './ticket-events.js';

/**
 * `DELETE /tickets/{id}` (permission ticket-options:deleteTicket): the ticket, its messages and
 * its tracking go; its audience hears `{action:'delete', ticketId}`. Media files are removed
 * after commit, best effort (a leftover file is harmless; a missing one would not be).
 */
export async function deleteTicket(ctx: Ctx, id: number): Promise<void> {
  const media = await ctx.tenant(async (tx, events) => {
    const { ticket } = await findVisibleTicket(tx, ctx.actor, id, { lock: true });
    const files = await tx
      .select({ key: messages.mediaUrl })
      .from(messages)
      .where(and(eq(messages.ticketId, id), isNotNull(messages.mediaUrl)));
    await tx.delete(tickets).where(eq(tickets.id, id));
    events.push(ticketEvents.deleted(ctx.actor.companyId, id, ticket));
    return files.map((f) => f.key!);
  });
  for (const key of media) {
    await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err, key }, 'media removal failed'));
  }
}
