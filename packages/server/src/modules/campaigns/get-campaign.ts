import type { CampaignDetail, CampaignWithReport } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail } from './campaign-view.js';
import { withReport } from './campaign-report.js';

/**
 * `GET /campaigns/{id}`: the campaign with its progress (valid contacts, delivered, failed) and,
 * unless `lists` is false, the lists the spec's client's report counts them from
 * (campaign-report.ts: one entry per contact, megabytes for a big campaign).
 */
export const getCampaign = (ctx: Ctx, id: number, lists = true) =>
  ctx.tenant(async (tx) => {
    const detail = await loadCampaignDetail(tx, id);
    return lists ? withReport(tx, detail) : detail;
  });

wireMatches<Answer<typeof getCampaign>, CampaignWithReport | CampaignDetail>(true);
