import { eq, sql } from 'drizzle-orm';
import type { ChatMessage } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chatMessages, chats, chatUsers } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { chatColumns, findMemberChat, withMembers } from './chat-view.js';
import { chatEvents } from './chat-events.js';

/**
 * `POST /chats/{id}/messages {message}` (a member): in one transaction the message is stored,
 * every other member's unread count rises by one (the sender has read the chat), and the chat's
 * last message and activity time move. The chat's row is locked first, so two messages to one
 * chat take their turns instead of crossing on the member rows.
 */
export function sendChatMessage(ctx: Ctx, id: number, { message }: { message: string }) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findMemberChat(tx, actor, id, { lock: true });
    const now = new Date();
    const [row] = await tx
      .insert(chatMessages)
      .values({ companyId: actor.companyId, chatId: id, senderId: actor.userId, message, createdAt: now })
      .returning({
        id: chatMessages.id,
        chatId: chatMessages.chatId,
        senderId: chatMessages.senderId,
        message: chatMessages.message,
        createdAt: chatMessages.createdAt,
      });
    const isSender = sql`${chatUsers.userId} = ${actor.userId}`;
    await tx
      .update(chatUsers)
      .set({
        unreads: sql`case when ${isSender} then 0 else ${chatUsers.unreads} + 1 end`,
        lastReadAt: sql`case when ${isSender} then ${now} else ${chatUsers.lastReadAt} end`,
      })
      .where(eq(chatUsers.chatId, id));
    const [moved] = await tx
      .update(chats)
      .set({ lastMessage: message, updatedAt: now })
      .where(eq(chats.id, id))
      .returning(chatColumns);
    const [chat] = await withMembers(tx, [moved!]);
    // The sender is a member (checked above, under the lock): their name comes with the chat.
    const sender = chat!.users.find((u) => u.userId === actor.userId)?.user ?? null;
    const newMessage = { ...row!, sender };
    events.push(...chatEvents.newMessage(actor.companyId, newMessage, chat!));
    return newMessage;
  });
}

wireMatches<Answer<typeof sendChatMessage>, ChatMessage>(true);
