import { CAMPAIGN_SETTING_KEYS, type CampaignSetting } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readCampaignSettings } from './campaign-settings.js';

/** `GET /campaign-settings`: every key, defaults filled, each value as JSON text (the spec's shape). */
export function getCampaignSettings(ctx: Ctx) {
  return ctx.tenant(async (tx) => {
    const settings = await readCampaignSettings(tx);
    return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
  });
}

wireMatches<Answer<typeof getCampaignSettings>, CampaignSetting[]>(true);
