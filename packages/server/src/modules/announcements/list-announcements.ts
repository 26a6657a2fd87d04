import { and, asc, count, desc, ilike } from 'drizzle-orm';
import type { AnnouncementPage, PageQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { announcements } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { visibleWhere } from './announcement-view.js';

/**
 * `GET /announcements` → `{records, count, hasMore}`: super users all, everyone else the active
 * ones; title containing the search (any case); by priority (1 first), then newest; 20 a page.
 */
export async function listAnnouncements(ctx: Ctx, { searchParam, pageNumber }: PageQuery) {
  const db = ctx.deps.pools.platformDb;
  const where = and(
    visibleWhere(ctx.actor),
    searchParam ? ilike(announcements.title, likePattern(searchParam)) : undefined,
  );
  const rows = await db
    .select()
    .from(announcements)
    .where(where)
    .orderBy(asc(announcements.priority), desc(announcements.createdAt), desc(announcements.id))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  const [total] = await db.select({ n: count() }).from(announcements).where(where);
  const { records, hasMore } = page(rows);
  return { records, count: total?.n ?? 0, hasMore };
}

wireMatches<Answer<typeof listAnnouncements>, AnnouncementPage>(true);
