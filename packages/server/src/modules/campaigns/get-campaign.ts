import type { CampaignWithReport } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail } from './campaign-view.js';
import { withReport } from './campaign-report.js';

/**
 * `GET /campaigns/{id}`: the campaign with its progress (valid contacts, delivered, failed) and the
 * lists the spec's client's report counts them from (campaign-report.ts).
 */
export const getCampaign = (ctx: Ctx, id: number) =>
  ctx.tenant(async (tx) => withReport(tx, await loadCampaignDetail(tx, id)));

wireMatches<Answer<typeof getCampaign>, CampaignWithReport>(true);
