import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { contactListItemEvents } from '../../modules/contact-lists/contact-list-events.js';
import { loadFirstPage } from '../../modules/contact-lists/contact-list-view.js';
import { addToProgress } from '../../modules/campaigns/campaign-progress.js';

/** The Cloud API's "not on WhatsApp" refusal (Graph error 131026), as the outbox records it. */
const NOT_ON_WHATSAPP = '(^|[^0-9])131026([^0-9]|$)';

/**
 * Dispatched shipping rows of these campaigns follow their text message, in one statement: WhatsApp
 * took it (ack ≥ 1) → `deliveredAt`; the outbox recorded a permanent refusal (`messages.error`) →
 * `failedAt` with that error; the message gone (deleted with its ticket before it left) → failed.
 * A temporary refusal leaves the message queued (the outbox retries) and the row waiting. A
 * "not on WhatsApp" refusal also marks the list's item `isWhatsappValid` false, so the next
 * campaign skips it. The campaigns' counts (campaign_progress) move with the rows. Answers how
 * many rows settled per campaign.
 */
export async function settleCampaigns(
  tx: Tx,
  events: EventSink,
  companyId: number,
  campaignIds: number[],
): Promise<Map<number, number>> {
  if (campaignIds.length === 0) return new Map();
  const { rows } = await tx.execute<{ campaign_id: number; n: number; lists: number[] | null }>(sql`
    with settled as (
      update campaign_shipping s set
        delivered_at = case when m.ack >= 1 then least(m.updated_at, now()) end,
        failed_at = case when m.ack >= 1 then null else now() end,
        error = case when m.ack >= 1 then null when m.id is null then 'message deleted before sending' else m.error end
      from campaign_shipping s2 left join messages m on m.id = s2.message_id
      where s.id = s2.id and s2.campaign_id = any(${sql.param(campaignIds)}::int[])
        and s2.dispatched_at is not null and s2.delivered_at is null and s2.failed_at is null
        -- Again on the updated row itself: a pass that waited on another process's lock re-checks
        -- only s's new version (s2 stays as first read), and must find it settled and skip it.
        and s.delivered_at is null and s.failed_at is null
        and (m.id is null or m.ack >= 1 or m.error is not null)
      returning s.campaign_id, s.company_id, s.contact_list_item_id, s.error, s.delivered_at is not null as delivered
    ), counted as (${addToProgress(sql`
      select campaign_id, company_id, 0, count(*) filter (where delivered), count(*) filter (where not delivered)
      from settled group by campaign_id, company_id`)}
    ), invalid as (
      update contact_list_items i set is_whatsapp_valid = false, updated_at = now()
      from settled x where i.id = x.contact_list_item_id and x.error ~ ${NOT_ON_WHATSAPP}
      returning i.contact_list_id
    )
    select campaign_id, count(*)::int as n,
      (select array_agg(distinct contact_list_id) from invalid) as lists
    from settled group by campaign_id`);
  const lists = new Set(rows.flatMap((r) => r.lists ?? []));
  for (const listId of lists)
    events.push(...contactListItemEvents.reload(companyId, Number(listId), await loadFirstPage(tx, Number(listId))));
  return new Map(rows.map((r) => [Number(r.campaign_id), r.n]));
}
