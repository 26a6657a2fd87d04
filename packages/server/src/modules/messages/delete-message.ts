import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { noPermission, notFound } from '../../platform/errors.js';
import { messageUpdated } from './message-events.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { loadMessageViews } from './message-view.js';
import type { Message } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * `DELETE /messages/{id}`: only the sender deletes, and only a message they sent (anyone else:
 * 403; a message of a ticket they may not see, or another company's: 404). The message stays,
 * marked `isDeleted` (the thread shows it in the deleted style), and the ticket's audience
 * hears `appMessage {action:'update'}`.
 *
 * On WhatsApp: a message still queued is marked with an error as well, so the outbox never
 * sends it; a sent one gets `deleteRequestedAt`, and the connection's outbox — run by whichever
 * process holds the session, now or once it is up again — deletes it for everyone where the
 * provider can (`Channel.deleteForEveryone`: beta, sandbox; Cloud API cannot, so there it stays
 * deleted in Balcão only). The answer does not wait for WhatsApp.
 */
export async function deleteMessage(ctx: Ctx, id: number) {
  const { view, kick } = await ctx.tenant(async (tx, events) => {
    const [message] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
    if (!message) throw notFound('message');
    await findVisibleTicket(tx, ctx.actor, message.ticketId);
    if (!message.fromMe || message.userId !== ctx.actor.userId)
      throw noPermission('You can only delete messages you sent');
    let kick: number | null = null;
    if (!message.isDeleted) {
      const unsent = message.ack === 0 && message.externalId === null && message.error === null;
      const sent = message.externalId !== null;
      const [row] = await tx
        .update(messages)
        .set({
          isDeleted: true,
          ...(unsent ? { error: 'deleted before sending' } : {}),
          ...(sent ? { deleteRequestedAt: new Date() } : {}),
          updatedAt: new Date(),
        })
        .where(eq(messages.id, id))
        .returning();
      events.push(await messageUpdated(tx, ctx.actor.companyId, row!));
      if (sent) kick = message.whatsappId;
    }
    return { view: (await loadMessageViews(tx, [id]))[0]!, kick };
  });
  if (kick !== null) await ctx.deps.sessions.kickOutbox(kick);
  return view;
}

wireMatches<Answer<typeof deleteMessage>, Message>(true);
