import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { chats, chatUsers } from '../../db/schema/index.js';
import { findOwnChat } from './chat-view.js';
import { chatEvents } from './chat-events.js';

/** `DELETE /chats/{id}` (the owner; another member 403): the chat and its messages; its members hear it. */
export function deleteChat(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findOwnChat(tx, actor, id);
    const members = await tx.select({ userId: chatUsers.userId }).from(chatUsers).where(eq(chatUsers.chatId, id));
    await tx.delete(chats).where(eq(chats.id, id));
    events.push(
      chatEvents.deleted(
        actor.companyId,
        id,
        members.map((m) => m.userId),
      ),
    );
  });
}
