import { and, count, desc, eq, ilike } from 'drizzle-orm';
import type { ChatPage, PageQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { chats, chatUsers } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectMemberChats, withMembers } from './chat-view.js';

/**
 * `GET /chats` → `{records, count, hasMore}`: the caller's chats only (those they are a member
 * of), whose title contains the search (any case), newest activity first, 20 a page.
 */
export function listChats(ctx: Ctx, { searchParam, pageNumber }: PageQuery) {
  const { userId } = ctx.actor;
  return ctx.tenant(async (tx) => {
    const where = searchParam ? ilike(chats.title, likePattern(searchParam)) : undefined;
    const rows = await selectMemberChats(tx, userId)
      .where(where)
      .orderBy(desc(chats.updatedAt), desc(chats.id))
      .limit(PAGE_SIZE + 1)
      .offset((pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx
      .select({ n: count() })
      .from(chats)
      .innerJoin(chatUsers, and(eq(chatUsers.chatId, chats.id), eq(chatUsers.userId, userId)))
      .where(where);
    const { records, hasMore } = page(rows);
    return { records: await withMembers(tx, records), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listChats>, ChatPage>(true);
