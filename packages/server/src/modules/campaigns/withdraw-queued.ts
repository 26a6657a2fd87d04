import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Takes back the campaign's messages still waiting in the outbox and returns their shipping rows
 * to "not dispatched", in the caller's transaction (cancel, delete): a restart sends them again.
 * A row is taken back only while its text has not begun to leave: queued (ack 0, no error) and
 * without `send_started_at`, which the outbox sets, in its own committed update, just before it
 * asks the provider. The text's row lock decides between the two: taken here first, the outbox's
 * claim finds the message gone and sends nothing; claimed first, the re-check under the lock
 * leaves it here, and the row settles as sent or failed. A recipient's files and attachment
 * (marked `data.campaignShipping`) go with its text, which the outbox sends before them.
 */
export async function withdrawQueued(tx: Tx, campaignId: number): Promise<number> {
  const { rows } = await tx.execute<{ n: number }>(sql`
    with held as (
      select s.id, s.ticket_id, s.message_id from campaign_shipping s join messages m on m.id = s.message_id
      where s.campaign_id = ${campaignId} and s.dispatched_at is not null
        and s.delivered_at is null and s.failed_at is null
        and m.ack = 0 and m.error is null and m.send_started_at is null
      for update of s, m
    ), gone as (
      delete from messages m using held h
      where m.ticket_id = h.ticket_id and m.ack = 0 and m.send_started_at is null
        and (m.id = h.message_id or m.data->>'campaignShipping' = h.id::text)
      returning m.id
    ), reset as (
      update campaign_shipping s set dispatched_at = null, variant = null, message_id = null, ticket_id = null,
        contact_id = null
      from held h where s.id = h.id
      returning s.id
    )
    select (select count(*)::int from reset) as n, (select count(*)::int from gone) as messages`);
  return rows[0]?.n ?? 0;
}
