import { sql } from 'drizzle-orm';
import type { CampaignFailurePage, CampaignFailuresQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { page } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaign } from './campaign-view.js';

const FAILURES_PAGE = 50;

/** `GET /campaigns/{id}/failures`: the report's failed sends with why, oldest first, 50 a page. */
export function listCampaignFailures(ctx: Ctx, id: number, q: CampaignFailuresQuery) {
  return ctx.tenant(async (tx) => {
    await loadCampaign(tx, id);
    const { rows } = await tx.execute<{ id: number; name: string; number: string; error: string; failedAt: Date }>(sql`
      select id, name, number, coalesce(error, '') as error, failed_at as "failedAt" from campaign_shipping
      where campaign_id = ${id} and failed_at is not null
      order by failed_at, id limit ${FAILURES_PAGE + 1} offset ${(q.pageNumber - 1) * FAILURES_PAGE}`);
    const { rows: total } = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from campaign_shipping where campaign_id = ${id} and failed_at is not null`,
    );
    const { records, hasMore } = page(rows, FAILURES_PAGE);
    return {
      records: records.map((r) => ({ ...r, id: Number(r.id), failedAt: new Date(r.failedAt) })),
      count: total[0]?.n ?? 0,
      hasMore,
    };
  });
}

wireMatches<Answer<typeof listCampaignFailures>, CampaignFailurePage>(true);
