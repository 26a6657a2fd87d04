import { sql } from 'drizzle-orm';
import { CAMPAIGN_SETTING_DEFAULTS, CAMPAIGN_SETTING_KEYS } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';

export type CampaignSettings = typeof CAMPAIGN_SETTING_DEFAULTS;

/** The company's campaign settings, a default for each key it never saved. */
export async function readCampaignSettings(tx: Tx): Promise<CampaignSettings> {
  const { rows } = await tx.execute<{ key: string; value: unknown }>(sql`select key, value from campaign_settings`);
  const saved = new Map(rows.map((r) => [r.key, r.value]));
  const out: Record<string, unknown> = {};
  for (const key of CAMPAIGN_SETTING_KEYS) out[key] = saved.has(key) ? saved.get(key) : CAMPAIGN_SETTING_DEFAULTS[key];
  return out as CampaignSettings;
}
