import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { pushMessageUpdate } from '../../inbox/message-events.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadMessageViews } from './message-view.js';

/**
 * `DELETE /messages/{id}`: only the sender deletes, and only a message they sent (anyone else:
 * 403; a message of a ticket they may not see, or another company's: 404). The message stays,
 * marked `isDeleted` (the thread shows it in the deleted style), and the ticket's audience
 * hears `appMessage {action:'update'}`. A message still queued is also marked with an error, so
 * the outbox never sends it.
 *
 * Deleting it on WhatsApp as well needs a delete operation on the Channel interface, which no
 * provider offers yet: until then the deletion is ours only (see `deleteOnWhatsApp`).
 */
export async function deleteMessage(ctx: Ctx, id: number) {
  const view = await ctx.tenant(async (tx, events) => {
    const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!message) throw notFound('message');
    await findVisibleTicket(tx, ctx.actor, message.ticketId);
    if (!message.fromMe || message.userId !== ctx.actor.userId)
      throw noPermission('You can only delete messages you sent');
    if (!message.isDeleted) {
      const unsent = message.ack === 0 && message.externalId === null && message.error === null;
      const [row] = await tx
        .update(messages)
        .set({ isDeleted: true, ...(unsent ? { error: 'deleted before sending' } : {}), updatedAt: new Date() })
        .where(eq(messages.id, id))
        .returning();
      await pushMessageUpdate(tx, events, ctx.actor.companyId, row!);
    }
    return (await loadMessageViews(tx, [id]))[0]!;
  });
  deleteOnWhatsApp();
  return view;
}

/**
 * Where the provider's delete-for-everyone goes once `Channel` offers one (through the live
 * channel when this process holds the session, like read receipts). No provider can today.
 */
function deleteOnWhatsApp(): void {}
