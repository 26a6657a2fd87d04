import type { Chat } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findMemberChat, withMembers } from './chat-view.js';

/** `GET /chats/{id}`: the chat with its members, for a member (anyone else 404). */
export function getChat(ctx: Ctx, id: number) {
  return ctx.tenant(async (tx) => {
    const [chat] = await withMembers(tx, [await findMemberChat(tx, ctx.actor, id)]);
    return chat!;
  });
}

wireMatches<Answer<typeof getChat>, Chat>(true);
