import { sql } from 'drizzle-orm';
import type { Deps, Uow } from '../../platform/context.js';
import { runPlatform, runTenant } from '../../platform/context.js';
import type { SweepSpec } from '../../platform/sweeps.js';
import type { IntegrationSend } from '../../db/schema/index.js';
import { queueOutbound } from '../../modules/messages/queue-outbound.js';

/**
 * An integration's replies reach the customer in order, `delayMs` apart (Typebot's
 * `typebotDelayMessage`): the first is queued in the turn's transaction, the others wait in the
 * session (`integration_sessions.pending`, due at `next_send_at`) and go one per transaction —
 * so a crash never sends one twice, and what was left goes after the restart. This process's
 * timer sends each when due; a sweep in every process picks up what no timer did (the process
 * died). A ticket that no longer holds the integration (accepted, finished) drops what was left;
 * an attendant's accept already deleted the session (migration 0024's trigger).
 */

type Target = { companyId: number; ticketId: number; whatsappId: number };

/** Queues one reply through the outbox as the bot's. */
export async function queueSend(uow: Uow, target: Target, send: IntegrationSend) {
  if (send.kind === 'text') {
    await queueOutbound(uow, { ...target, body: send.body, userId: null, bot: true });
  } else {
    const media = { key: send.key, name: send.name, mimetype: send.mimetype, type: 'image' as const };
    await queueOutbound(uow, { ...target, body: send.name, userId: null, bot: true, media });
  }
}

/**
 * In the turn's transaction (ticket and session locked): `sends` after what already waits — the
 * first now when nothing waits, the rest due one by one. Answers the session's new `pending` and
 * the delay until its head (null: nothing waits).
 */
export async function queueReplies(
  uow: Uow,
  target: Target,
  waiting: IntegrationSend[],
  sends: IntegrationSend[],
  delayMs: number,
): Promise<{ pending: IntegrationSend[]; dueInMs: number | null; keepDue: boolean }> {
  if (waiting.length > 0) return { pending: [...waiting, ...sends], dueInMs: null, keepDue: true };
  const now = delayMs > 0 ? sends.slice(0, 1) : sends;
  for (const send of now) await queueSend(uow, target, send);
  const pending = sends.slice(now.length);
  return { pending, dueInMs: pending.length > 0 ? delayMs : null, keepDue: false };
}

const timers = new Map<number, NodeJS.Timeout>();

/** This process sends the ticket's next waiting reply in `inMs` (replacing an earlier timer). */
export function sendLater(deps: Deps, companyId: number, ticketId: number, inMs: number): void {
  clearTimeout(timers.get(ticketId));
  const timer = setTimeout(
    () => {
      timers.delete(ticketId);
      sendDueReply(deps, companyId, ticketId)
        .then((next) => {
          if (next !== undefined) sendLater(deps, companyId, ticketId, next);
        })
        .catch((err: unknown) => deps.log.warn({ err, ticketId }, 'integration reply not sent; the sweep retries'));
    },
    Math.max(0, inMs),
  );
  timer.unref();
  timers.set(ticketId, timer);
}

/**
 * Sends the ticket's next waiting reply if it is due, in one transaction (ticket then session,
 * both taken only when free: a turn or another process has them, and the due time decides
 * again). Answers the milliseconds until the next one, or undefined when nothing waits here.
 */
export async function sendDueReply(deps: Deps, companyId: number, ticketId: number): Promise<number | undefined> {
  return runTenant(deps, companyId, async (tx, _events, uow) => {
    const { rows } = await tx.execute<{
      whatsapp_id: number | null;
      holds: boolean;
      pending: IntegrationSend[];
      wait_ms: number | null;
      delay: number;
    }>(sql`
      select t.whatsapp_id, s.pending,
        (t.status = 'pending' and t.user_id is null and t.integration_id = s.integration_id) as holds,
        (extract(epoch from s.next_send_at - now()) * 1000)::float8 as wait_ms,
        coalesce(qi.typebot_delay_message, 0) as delay
      from tickets t join integration_sessions s on s.ticket_id = t.id
        left join queue_integrations qi on qi.id = s.integration_id
      where t.id = ${ticketId}
      for update of t, s skip locked`);
    const row = rows[0];
    if (!row || row.wait_ms === null) return undefined;
    // Early by a hair (a timer's drift): due.
    if (row.wait_ms > 20) return row.wait_ms;
    if (!row.holds || row.whatsapp_id === null || row.pending.length === 0) {
      await tx.execute(
        sql`update integration_sessions set pending = '[]'::jsonb, next_send_at = null where ticket_id = ${ticketId}`,
      );
      return undefined;
    }
    const [head, ...rest] = row.pending;
    await queueSend(uow, { companyId, ticketId, whatsappId: row.whatsapp_id }, head!);
    await tx.execute(sql`
      update integration_sessions set pending = ${JSON.stringify(rest)}::jsonb,
        next_send_at = case when ${rest.length}::int = 0 then null else now() + make_interval(secs => ${row.delay / 1000}) end
      where ticket_id = ${ticketId}`);
    return rest.length > 0 ? row.delay : undefined;
  });
}

/** Replies overdue by this much had no timer (their process died): the sweep sends them. */
const OVERDUE_MS = 1000;
const BATCH = 200;

async function sweepDueReplies(deps: Deps): Promise<{ sent: number }> {
  const due = await runPlatform(deps, async (tx) => {
    const { rows } = await tx.execute<{ company_id: number; ticket_id: number }>(sql`
      select company_id, ticket_id from integration_sessions
      where next_send_at < now() - make_interval(secs => ${OVERDUE_MS / 1000})
      order by next_send_at limit ${BATCH}`);
    return rows;
  });
  let sent = 0;
  for (const row of due) {
    try {
      const next = await sendDueReply(deps, row.company_id, row.ticket_id);
      sent++;
      if (next !== undefined) sendLater(deps, row.company_id, row.ticket_id, next);
    } catch (err) {
      deps.log.error({ err, ticketId: row.ticket_id }, 'integration reply sweep failed');
    }
  }
  return { sent };
}

/** The overdue replies' sweep, in every process (platform/sweeps.ts). */
export const integrationSweeps: SweepSpec<Deps>[] = [
  { name: 'integration replies', everyMs: 1000, pass: sweepDueReplies },
];
