import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { recipientsOf, type CampaignDetailView } from './campaign-view.js';

/**
 * The lists the spec's client's report counts (`contactList.contacts` filtered by
 * `isWhatsappValid`, `shipping` by `deliveredAt`), in step with `validContacts` and `delivered`:
 * before the start, whom it would write to now; once started, its shipping rows. One small entry
 * per contact, so only `GET /campaigns/{id}` carries them (not the list page, not the events).
 */
export async function withReport(tx: Tx, c: CampaignDetailView) {
  const started = c.status !== 'INATIVA' && c.status !== 'PROGRAMADA';
  let contacts: Array<{ id: number | null; isWhatsappValid: true }> = [];
  let shipping: Array<{ id: number; deliveredAt: string | null }> = [];
  if (started) {
    const { rows } = await tx.execute<{ id: number; item: number | null; deliveredAt: string | null }>(sql`
      select id::int as id, contact_list_item_id as item,
        to_char(delivered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "deliveredAt"
      from campaign_shipping where campaign_id = ${c.id} order by id`);
    shipping = rows.map(({ id, deliveredAt }) => ({ id, deliveredAt }));
    contacts = rows.map((r) => ({ id: r.item, isWhatsappValid: true }));
  } else if (c.contactListId !== null) {
    const { rows } = await tx.execute<{ id: number }>(
      sql`select r.id from (${recipientsOf(c.contactListId, c.tagId)}) r order by r.id`,
    );
    contacts = rows.map((r) => ({ id: r.id, isWhatsappValid: true }));
  }
  return { ...c, contactList: c.contactList === null ? null : { ...c.contactList, contacts }, shipping };
}
