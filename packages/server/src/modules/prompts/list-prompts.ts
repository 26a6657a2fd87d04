import { asc, count, ilike } from 'drizzle-orm';
import type { PageQuery, PromptsPage } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { prompts } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectPrompts, toView } from './prompt-view.js';

/**
 * `GET /prompt` → `{prompts, count, hasMore}`: those whose name contains the search (any case),
 * by name, 20 a page; `count` is every one matching.
 */
export function listPrompts(ctx: Ctx, q: PageQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(prompts.name, likePattern(q.searchParam)) : undefined;
    const rows = await selectPrompts(tx)
      .where(where)
      .orderBy(asc(prompts.name), asc(prompts.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(prompts).where(where);
    const { records, hasMore } = page(rows);
    return { prompts: records.map(toView), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listPrompts>, PromptsPage>(true);
