import { asc, count, ilike } from 'drizzle-orm';
import type { FlowPage, FlowsQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { flows } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { flowColumns } from './flow-view.js';

/** `GET /flowbuilder` → `{flows, count, hasMore}`: by name, 20 a page, the name searched in any case. */
export function listFlows(ctx: Ctx, q: FlowsQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(flows.name, likePattern(q.searchParam)) : undefined;
    const rows = await tx
      .select(flowColumns)
      .from(flows)
      .where(where)
      .orderBy(asc(flows.name), asc(flows.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(flows).where(where);
    const { records, hasMore } = page(rows);
    return { flows: records, count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listFlows>, FlowPage>(true);
