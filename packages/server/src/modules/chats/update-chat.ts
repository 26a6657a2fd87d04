import { and, eq, notInArray } from 'drizzle-orm';
import type { Chat, ChatUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chats, chatUsers } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findOwnChat, loadChat, memberIds } from './chat-view.js';
import { chatEvents } from './chat-events.js';
import { memberSet } from './chat-members.js';

/**
 * `PUT /chats/{id}` (the owner; another member 403): the title and/or the members, replaced as a
 * whole list (the owner always stays; members who stay keep their unread counts). The members
 * hear the chat updated (on their own channels too: `create` for those who joined); those taken
 * off hear it deleted.
 */
export function updateChat(ctx: Ctx, id: number, input: ChatUpdateBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    await findOwnChat(tx, actor, id);
    let removed: number[] = [];
    let added: number[] = [];
    if (input.users !== undefined) {
      const members = await memberSet(tx, actor.userId, input.users);
      const gone = await tx
        .delete(chatUsers)
        .where(and(eq(chatUsers.chatId, id), notInArray(chatUsers.userId, members)))
        .returning({ userId: chatUsers.userId });
      removed = gone.map((g) => g.userId);
      const joined = await tx
        .insert(chatUsers)
        .values(members.map((userId) => ({ chatId: id, userId, companyId: actor.companyId })))
        .onConflictDoNothing()
        .returning({ userId: chatUsers.userId });
      added = joined.map((j) => j.userId);
    }
    await tx
      .update(chats)
      .set({ ...(input.title !== undefined && { title: input.title }), updatedAt: new Date() })
      .where(eq(chats.id, id));
    const chat = await loadChat(tx, id);
    events.push(...chatEvents.updated(actor.companyId, chat));
    const stayed = memberIds(chat).filter((userId) => !added.includes(userId));
    events.push(...chatEvents.memberChannel(actor.companyId, 'create', chat, added));
    events.push(...chatEvents.memberChannel(actor.companyId, 'update', chat, stayed));
    if (removed.length > 0) events.push(chatEvents.deleted(actor.companyId, id, removed));
    return chat;
  });
}

wireMatches<Answer<typeof updateChat>, Chat>(true);
