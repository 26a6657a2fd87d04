import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { recipientsOf, type CampaignRow } from './campaign-view.js';
import { addToProgress } from './campaign-progress.js';

/**
 * The campaign's shipping rows, one per number, from its list as it is now (valid, tagged), in one
 * `insert … select`: on a restart the rows already there stay as they are (sent or not) and new
 * list members join. The unique (campaign, number) is what makes "twice" impossible. The
 * campaign's `valid` count (campaign_progress) grows by the rows made.
 */
export async function makeShipping(tx: Tx, campaign: CampaignRow): Promise<number> {
  if (campaign.contactListId === null) return 0;
  const { rows } = await tx.execute<{ n: number }>(sql`
    with made as (
      insert into campaign_shipping (company_id, campaign_id, contact_list_item_id, number, name, email)
      select ${campaign.companyId}, ${campaign.id}, r.id, r.number, r.name, r.email
      from (${recipientsOf(campaign.contactListId, campaign.tagId)}) r order by r.id
      on conflict (campaign_id, number) do nothing
      returning 1
    ), counted as (${addToProgress(sql`select ${campaign.id}, ${campaign.companyId}, count(*), 0, 0 from made`)})
    select count(*)::int as n from made`);
  return rows[0]?.n ?? 0;
}
