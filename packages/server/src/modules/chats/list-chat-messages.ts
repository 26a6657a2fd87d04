import { count, desc, eq } from 'drizzle-orm';
import type { ChatMessagePage } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chatMessages } from '../../db/schema/index.js';
import { page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findMemberChat, selectChatMessages, toMessage } from './chat-view.js';

/**
 * `GET /chats/{id}/messages` → `{records, count, hasMore}` for a member: newest first, 20 a page
 * (page 1 the newest; the web shows each page oldest first). Reading does not mark it read:
 * `POST /chats/{id}/read` does.
 */
export function listChatMessages(ctx: Ctx, id: number, { pageNumber }: { pageNumber: number }) {
  return ctx.tenant(async (tx) => {
    await findMemberChat(tx, ctx.actor, id);
    const rows = await selectChatMessages(tx)
      .where(eq(chatMessages.chatId, id))
      .orderBy(desc(chatMessages.id))
      .limit(PAGE_SIZE + 1)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(chatMessages).where(eq(chatMessages.chatId, id));
    const { records, hasMore } = page(rows);
    return { records: records.map(toMessage), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listChatMessages>, ChatMessagePage>(true);
