import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';

/**
 * Stops the ticket's live run, if any (status stopped, with why): an attendant took the ticket,
 * it closed, or an integration or prompt took it over (automation/holder-entry.ts). Run inside
 * the transaction that changed the ticket, after its row was locked (the flow's steps lock the
 * ticket before the run: the same order, so the two never deadlock).
 */
export async function stopFlowRuns(tx: Tx, ticketId: number, reason: StopReason): Promise<void> {
  await stopFlowRunsOf(tx, [{ ticketId, reason }]);
}

type StopReason = 'attended' | 'closed' | 'handover';

/** `stopFlowRuns` for several tickets in one statement (a bulk's chunk), each with its reason. */
export async function stopFlowRunsOf(tx: Tx, stops: ReadonlyArray<{ ticketId: number; reason: StopReason }>) {
  if (stops.length === 0) return;
  await tx.execute(sql`
    update flow_runs f set status = 'stopped', waiting = null, wait_until = null, end_reason = s.reason,
      ended_at = now(), updated_at = now()
    from unnest(${sql.param(stops.map((s) => s.ticketId))}::int[], ${sql.param(stops.map((s) => s.reason))}::text[])
      as s(ticket_id, reason)
    where f.ticket_id = s.ticket_id and f.status in ('running', 'waiting')`);
}

/** The reason to stop a ticket's flow as it now stands (attended or closed), or none. */
export function stopReason(ticket: { status: string; userId: number | null }): 'attended' | 'closed' | undefined {
  if (ticket.status === 'closed') return 'closed';
  if (ticket.userId !== null || ticket.status !== 'pending') return 'attended';
  return undefined;
}
