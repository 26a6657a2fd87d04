import type { CampaignDetail } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadCampaignDetail } from './campaign-view.js';

/** `GET /campaigns/{id}`: the campaign with its progress (valid contacts, delivered, failed). */
export const getCampaign = (ctx: Ctx, id: number) => ctx.tenant((tx) => loadCampaignDetail(tx, id));

wireMatches<Answer<typeof getCampaign>, CampaignDetail>(true);
