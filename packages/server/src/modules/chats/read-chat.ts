import { and, eq, gt } from 'drizzle-orm';
import type { Chat } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chatUsers } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findMemberChat, loadChat } from './chat-view.js';
import { chatEvents } from './chat-events.js';

/**
 * `POST /chats/{id}/read` (a member): the caller's unread count of the chat goes to 0. Only the
 * reader's own tabs hear it (their badge), and only when there was something unread.
 */
export function readChat(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findMemberChat(tx, actor, id);
    const cleared = await tx
      .update(chatUsers)
      .set({ unreads: 0, lastReadAt: new Date() })
      .where(and(eq(chatUsers.chatId, id), eq(chatUsers.userId, actor.userId), gt(chatUsers.unreads, 0)))
      .returning({ userId: chatUsers.userId });
    const chat = await loadChat(tx, id);
    if (cleared.length > 0) events.push(...chatEvents.updated(actor.companyId, chat, [actor.userId]));
    return chat;
  });
}

wireMatches<Answer<typeof readChat>, Chat>(true);
