import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import { loadCampaignDetail } from '../../modules/campaigns/campaign-view.js';
import { campaignEvents } from '../../modules/campaigns/campaign-events.js';
import { makeShipping } from '../../modules/campaigns/make-shipping.js';

const campaignRows = tableRows(campaigns);

/**
 * The company's PROGRAMADA campaigns whose time came (SKIP LOCKED: another process's pass takes
 * the others) become EM_ANDAMENTO, and their shipping rows are made in the same transaction: a
 * campaign is never running without its rows.
 */
export async function startDueCampaigns(tx: Tx, events: EventSink, companyId: number): Promise<number> {
  const { rows } = await tx.execute(sql`
    update campaigns c set status = 'EM_ANDAMENTO', next_send_at = now(), updated_at = now()
    where c.id in (select id from campaigns where status = 'PROGRAMADA' and scheduled_at <= now()
                   for update skip locked)
    returning ${campaignRows.list('c')}`);
  for (const row of rows.map((r) => campaignRows.map(r))) {
    await makeShipping(tx, row);
    events.push(campaignEvents.saved(companyId, 'update', await loadCampaignDetail(tx, row.id)));
  }
  return rows.length;
}
