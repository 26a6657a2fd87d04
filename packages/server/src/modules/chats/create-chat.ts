import type { Chat, ChatBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chats, chatUsers } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadChat } from './chat-view.js';
import { chatEvents } from './chat-events.js';
import { memberSet } from './chat-members.js';

/** `POST /chats {title, users}`: the caller owns the new chat and is one of its members. */
export function createChat(ctx: Ctx, input: ChatBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const members = await memberSet(tx, actor.userId, input.users);
    const [row] = await tx
      .insert(chats)
      .values({ companyId: actor.companyId, ownerId: actor.userId, title: input.title })
      .returning({ id: chats.id });
    await tx
      .insert(chatUsers)
      .values(members.map((userId) => ({ chatId: row!.id, userId, companyId: actor.companyId })));
    const chat = await loadChat(tx, row!.id);
    events.push(...chatEvents.updated(actor.companyId, chat));
    events.push(...chatEvents.memberChannel(actor.companyId, 'create', chat, members));
    return chat;
  });
}

wireMatches<Answer<typeof createChat>, Chat>(true);
