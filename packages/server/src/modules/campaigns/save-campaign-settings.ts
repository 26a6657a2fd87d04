import { sql } from 'drizzle-orm';
import { CAMPAIGN_SETTING_KEYS, type CampaignSetting, type CampaignSettingsBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { readCampaignSettings } from './campaign-settings.js';

/**
 * `POST /campaign-settings {settings}`: the keys given are saved (one upsert each by company and
 * key), the others keep their value; answers every key as `GET` does. Running campaigns use the
 * new intervals from their next send.
 */
export function saveCampaignSettings(ctx: Ctx, input: CampaignSettingsBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    for (const key of CAMPAIGN_SETTING_KEYS) {
      const value = input.settings[key];
      if (value === undefined) continue;
      await tx.execute(sql`
        insert into campaign_settings (company_id, key, value) values (${actor.companyId}, ${key}, ${JSON.stringify(value)}::jsonb)
        on conflict (company_id, key) do update set value = excluded.value, updated_at = now()`);
    }
    const settings = await readCampaignSettings(tx);
    return CAMPAIGN_SETTING_KEYS.map((key) => ({ key, value: JSON.stringify(settings[key]) }));
  });
}

wireMatches<Answer<typeof saveCampaignSettings>, CampaignSetting[]>(true);
