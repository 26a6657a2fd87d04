import { asc, eq, ilike } from 'drizzle-orm';
import type { KanbanLanes, PageQuery, TagOption, TagPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { tags } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { tagColumns } from './tag-view.js';

/** `GET /tags` → `{tags, hasMore}`: name containing the search (any case), by name, 20 a page. */
export function listTags(ctx: Ctx, q: PageQuery) {
  return ctx.tenant(async (tx) => {
    const rows = await tx
      .select(tagColumns)
      .from(tags)
      .where(q.searchParam ? ilike(tags.name, likePattern(q.searchParam)) : undefined)
      .orderBy(asc(tags.name), asc(tags.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const { records, hasMore } = page(rows);
    return { tags: records, hasMore };
  });
}

const brief = { id: tags.id, name: tags.name, color: tags.color, kanban: tags.kanban, userId: tags.userId };

/** `GET /tags/list`: every tag of the company, by name (pickers). */
export function allTags(ctx: Ctx) {
  return ctx.tenant((tx) => tx.select(brief).from(tags).orderBy(asc(tags.name), asc(tags.id)));
}

/** `GET /tags/kanban` → `{lista}`: the kanban tags, the board's lanes. */
export function kanbanTags(ctx: Ctx) {
  return ctx.tenant(async (tx) => ({
    lista: await tx.select(brief).from(tags).where(eq(tags.kanban, 1)).orderBy(asc(tags.name), asc(tags.id)),
  }));
}

wireMatches<Answer<typeof listTags>, TagPage>(true);
wireMatches<Answer<typeof allTags>, TagOption[]>(true);
wireMatches<Answer<typeof kanbanTags>, KanbanLanes>(true);
