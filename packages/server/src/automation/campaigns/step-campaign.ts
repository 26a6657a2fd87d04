import { sql } from 'drizzle-orm';
import type { Uow } from '../../platform/context.js';
import { campaigns } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import { loadCampaignDetail } from '../../modules/campaigns/campaign-view.js';
import { campaignEvents } from '../../modules/campaigns/campaign-events.js';
import { dispatchCampaign } from './dispatch-campaign.js';
import { addToProgress } from '../../modules/campaigns/campaign-progress.js';

const campaignRows = tableRows(campaigns);

export type Step = { dispatched: number; finished: boolean };

/**
 * One step of a running campaign, in the caller's tenant transaction, under its row lock taken
 * with SKIP LOCKED (another process's step, a cancel or a delete under way: nothing now): finished
 * when nothing is left to dispatch or settle (FINALIZADA, `completedAt`); otherwise, when its
 * `nextSendAt` came, the next rows are dispatched. A campaign whose connection was deleted fails
 * its remaining rows with that reason and so finishes.
 */
export async function stepCampaign(uow: Uow, id: number): Promise<Step> {
  const { tx, events } = uow;
  const { rows } = await tx.execute(sql`
    select ${campaignRows.list()}, next_send_at <= now() as "due",
      exists (select 1 from campaign_shipping s where s.campaign_id = c.id and s.dispatched_at is null) as "pending",
      exists (select 1 from campaign_shipping s where s.campaign_id = c.id and s.dispatched_at is not null
              and s.delivered_at is null and s.failed_at is null) as "waiting"
    from campaigns c where id = ${id} and status = 'EM_ANDAMENTO' for update skip locked`);
  const raw = rows[0];
  if (!raw) return { dispatched: 0, finished: false };
  const c = campaignRows.map(raw);
  if (raw.pending && c.whatsappId === null) {
    await tx.execute(sql`
      with failed as (
        update campaign_shipping set dispatched_at = now(), failed_at = now(), error = 'ERR_NO_CONNECTION'
        where campaign_id = ${id} and dispatched_at is null
        returning 1
      )
      ${addToProgress(sql`select ${id}, ${c.companyId}, 0, 0, count(*) from failed`)}`);
    raw.pending = false;
  }
  if (!raw.pending && !raw.waiting) {
    await tx.execute(sql`
      update campaigns set status = 'FINALIZADA', completed_at = now(), next_send_at = null, updated_at = now()
      where id = ${id}`);
    events.push(campaignEvents.saved(c.companyId, 'update', await loadCampaignDetail(tx, id)));
    return { dispatched: 0, finished: true };
  }
  if (!raw.pending || raw.due === false) return { dispatched: 0, finished: false };
  return { dispatched: await dispatchCampaign(uow, c), finished: false };
}
