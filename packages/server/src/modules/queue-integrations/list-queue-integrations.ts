import { asc, count, ilike } from 'drizzle-orm';
import type { PageQuery, QueueIntegrationsPage } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { integrationColumns, toView } from './queue-integration-view.js';

/**
 * `GET /queueIntegration` → `{queueIntegrations, count, hasMore}`: those whose name contains the
 * search (any case), by name, 20 a page; `count` is every one matching.
 */
export function listQueueIntegrations(ctx: Ctx, q: PageQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(queueIntegrations.name, likePattern(q.searchParam)) : undefined;
    const rows = await tx
      .select(integrationColumns)
      .from(queueIntegrations)
      .where(where)
      .orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(queueIntegrations).where(where);
    const { records, hasMore } = page(rows);
    return { queueIntegrations: records.map(toView), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listQueueIntegrations>, QueueIntegrationsPage>(true);
