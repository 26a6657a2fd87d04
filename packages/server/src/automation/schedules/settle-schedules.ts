import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { EventSink } from '../../platform/context.js';
import { loadSchedule } from '../../modules/schedules/schedule-view.js';
import { scheduleEvents } from '../../modules/schedules/schedule-events.js';

/**
 * One company's dispatched schedules follow their message: WhatsApp took it (ack ≥ 1) → ENVIADA
 * with `sentAt`; the outbox recorded a permanent failure (`messages.error`, e.g. a number not on
 * WhatsApp, or the message deleted before it left) → ERRO with that error; the message itself gone
 * (its ticket deleted before it left) → ERRO. A temporary refusal (throttling, a session that is
 * down) leaves the message queued, retried by the outbox, and the schedule PENDENTE. Two passes
 * settling at once meet on the row lock; the second finds it settled and changes nothing.
 */
export async function settleSchedules(tx: Tx, events: EventSink, companyId: number): Promise<number> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    update schedules s set
      status = case when m.ack >= 1 then 'ENVIADA' else 'ERRO' end,
      sent_at = case when m.ack >= 1 then least(m.updated_at, now()) end,
      error = case when m.ack >= 1 then null when m.id is null then 'message deleted before sending' else m.error end,
      updated_at = now()
    from schedules s2 left join messages m on m.id = s2.message_id
    where s.id = s2.id and s.dispatched_at is not null and s.status = 'PENDENTE'
      and (m.id is null or m.ack >= 1 or m.error is not null)
    returning s.id`);
  for (const { id } of rows) events.push(scheduleEvents.saved(companyId, 'update', await loadSchedule(tx, id)));
  return rows.length;
}
