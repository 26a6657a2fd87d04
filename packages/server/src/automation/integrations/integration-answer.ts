import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import type { IntegrationSend } from '../../db/schema/index.js';
import { claimMessageJob } from '../message-jobs.js';
import { integrationTurnJobDef } from './integration-jobs.js';
import { readIntegrationTurn, unattended } from './integration-turn-read.js';
import { queueReplies, queueSend, sendLater } from './integration-replies.js';
import { handOver } from './hand-over.js';

/**
 * What an outside service answered, to be written in the turn's second transaction. Typebot and
 * Dialogflow are called with no transaction open: the first one read the ticket, this one
 * re-checks it before anything is written — the job still this run's (`claim`), the ticket still
 * unattended and holding this integration, its session still the one the call continued, the
 * message not answered yet (`handled_message_id`), and the run's lease still there (deleted here,
 * with the writes). Any of these failing drops the answer: an
 * attendant who accepted meanwhile wins, and a message is never answered twice.
 */
export interface IntegrationAnswer {
  companyId: number;
  ticketId: number;
  integrationId: number;
  /** The customer message answered; none for an integration's opening (`integration-start`). */
  messageId?: number;
  /** The lease of the storing process's turn (integration-turn.ts): deleted here, with the writes. */
  claim?: string;
  /** The service's session the call continued, as the first transaction saw it (null: none). */
  basedOn: string | null;
  sends: IntegrationSend[];
  /** The session now: its id and pending choice ('' once over), or as it was ('keep'). */
  session: { id: string; choices: string[] | null } | 'keep';
  /** Let go of the ticket once the replies are queued (all at once then), with a note for the attendants. */
  handOver?: { note?: string };
  delayMs: number;
  /** Files stored for these replies: removed when the answer is dropped. */
  files: string[];
}

/** Writes the answer (see above); false when it was dropped. */
export async function writeAnswer(deps: Deps, a: IntegrationAnswer): Promise<boolean> {
  let dueInMs: number | null = null;
  const written = await runTenant(deps, a.companyId, async (tx, events, uow) => {
    if (a.claim) {
      const { rows } = await tx.execute(claimMessageJob(integrationTurnJobDef, a.claim));
      // A worker took the lease (this turn overran it): its run answers.
      if (rows.length === 0) return false;
    }
    const turn = await readIntegrationTurn(tx, { ticketId: a.ticketId });
    if (!turn || !unattended(turn.ticket) || turn.integration?.id !== a.integrationId) return false;
    const ticket = turn.ticket;
    if (ticket.whatsappId === null) return false;
    const session = turn.session;
    if ((session?.sessionId || null) !== a.basedOn) return false;
    const handled = session?.handledMessageId ?? null;
    if (a.messageId !== undefined && handled !== null && handled >= a.messageId) return false;

    const target = { companyId: a.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId };
    if (a.handOver) {
      // The service's last words go together, then the ticket is the attendants'.
      for (const send of [...(session?.pending ?? []), ...a.sends]) await queueSend(uow, target, send);
      await handOver(tx, events, ticket, a.handOver.note);
      return true;
    }
    const queued = await queueReplies(uow, target, session?.pending ?? [], a.sends, a.delayMs);
    const next = a.session === 'keep' ? { id: session?.sessionId ?? '', choices: session?.choices ?? null } : a.session;
    await tx.execute(sql`
      insert into integration_sessions as s (ticket_id, company_id, integration_id, session_id, last_seen_at,
        handled_message_id, choices, pending, next_send_at)
      values (${ticket.id}, ${a.companyId}, ${a.integrationId}, ${next.id}, now(), ${a.messageId ?? null}::bigint,
        ${next.choices === null ? null : JSON.stringify(next.choices)}::jsonb, ${JSON.stringify(queued.pending)}::jsonb,
        case when ${queued.dueInMs}::int is null then null else now() + make_interval(secs => ${(queued.dueInMs ?? 0) / 1000}) end)
      on conflict (ticket_id) do update set
        integration_id = excluded.integration_id,
        session_id = excluded.session_id,
        last_seen_at = case when ${a.messageId !== undefined || a.session !== 'keep'} then now() else s.last_seen_at end,
        handled_message_id = coalesce(excluded.handled_message_id, s.handled_message_id),
        choices = excluded.choices,
        pending = excluded.pending,
        next_send_at = case when ${queued.keepDue} then s.next_send_at else excluded.next_send_at end`);
    dueInMs = queued.dueInMs;
    return true;
  });
  if (!written) {
    for (const key of a.files) await deps.storage.remove(key).catch(() => undefined);
  } else if (dueInMs !== null) {
    sendLater(deps, a.companyId, a.ticketId, dueInMs);
  }
  return written;
}
