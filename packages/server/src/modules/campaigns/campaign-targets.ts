import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * The ticket each contact's campaign message is recorded in, on the campaign's connection, in one
 * statement: the contact's live ticket there, else its latest one there, else a new **closed**
 * ticket. A campaign never puts a pending ticket in front of the attendants; the customer's reply
 * opens one as any inbound message does (receive-batch.ts: a closed ticket is not reused).
 */
export async function campaignTickets(
  tx: Tx,
  companyId: number,
  whatsappId: number,
  contactIds: number[],
): Promise<Map<number, number>> {
  const ids = [...new Set(contactIds)].sort((a, b) => a - b);
  const { rows } = await tx.execute<{ contact_id: number; id: number }>(sql`
    with v as (select unnest(${sql.param(ids)}::int[]) as contact_id),
    found as (
      select v.contact_id, t.id from v cross join lateral (
        select id from tickets where contact_id = v.contact_id and whatsapp_id = ${whatsappId}
        order by status in ('pending', 'open') desc, updated_at desc, id desc limit 1) t
    ), made as (
      insert into tickets (company_id, contact_id, whatsapp_id, status, is_group)
      select ${companyId}, v.contact_id, ${whatsappId}, 'closed', false from v
      where not exists (select 1 from found f where f.contact_id = v.contact_id)
      order by v.contact_id
      returning contact_id, id
    )
    select contact_id, id from found union all select contact_id, id from made`);
  return new Map(rows.map((r) => [Number(r.contact_id), Number(r.id)]));
}
