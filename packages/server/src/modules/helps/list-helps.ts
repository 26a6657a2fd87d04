import { asc, ilike, or } from 'drizzle-orm';
import type { Help, HelpPage, PageQuery } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';

/** `GET /helps/list`: every help video (platform data, read by every signed-in user). */
export function allHelps(ctx: Ctx) {
  return ctx.deps.pools.platformDb.select().from(helps).orderBy(asc(helps.id));
}

/** `GET /helps`: a page of help videos, searched by title or description. */
export async function listHelps(ctx: Ctx, { searchParam, pageNumber }: PageQuery) {
  const where = searchParam
    ? or(ilike(helps.title, likePattern(searchParam)), ilike(helps.description, likePattern(searchParam)))
    : undefined;
  const rows = await ctx.deps.pools.platformDb
    .select()
    .from(helps)
    .where(where)
    .orderBy(asc(helps.id))
    .limit(PAGE_SIZE + 1)
    .offset((pageNumber - 1) * PAGE_SIZE);
  const { records, hasMore } = page(rows);
  return { helps: records, hasMore };
}

wireMatches<Answer<typeof allHelps>, Help[]>(true);
wireMatches<Answer<typeof listHelps>, HelpPage>(true);
