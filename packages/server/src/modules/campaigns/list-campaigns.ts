import { count, desc, ilike } from 'drizzle-orm';
import type { CampaignPage, CampaignsQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectCampaigns, toView } from './campaign-view.js';

/** `GET /campaigns` → `{records, count, hasMore}`: whose name contains the search, newest first, 20 a page. */
export function listCampaigns(ctx: Ctx, q: CampaignsQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(campaigns.name, likePattern(q.searchParam)) : undefined;
    const rows = await selectCampaigns(tx)
      .where(where)
      .orderBy(desc(campaigns.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(campaigns).where(where);
    const { records, hasMore } = page(rows);
    return { records: records.map(toView), count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listCampaigns>, CampaignPage>(true);
