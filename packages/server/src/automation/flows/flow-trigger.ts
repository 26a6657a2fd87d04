import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { containsPhrase } from './flow-text.js';
import { runStatement, statement } from '../../db/prepared.js';

/** A stored customer message (not a group's) of a ticket nobody attends: maybe a flow's. */
export interface FlowCandidate {
  messageId: number;
  ticketId: number;
  whatsappId: number;
  body: string;
  /** A text message (a flow starts only on text). */
  isText: boolean;
}

/** The live runs of these tickets and the phrases that start a flow on these connections. */
const claimsStatement = statement(sql`
  select 'r' as kind, r.ticket_id as id, r.waiting as detail from flow_runs r
    where r.ticket_id = any(${sql.placeholder('ticketIds')}::int[]) and r.status in ('running', 'waiting')
  union all
  select 'c', fc.whatsapp_id, fc.phrase from flow_campaigns fc join flows f on f.id = fc.flow_id
    where fc.whatsapp_id = any(${sql.placeholder('whatsappIds')}::int[]) and fc.status and f.active and f.graph is not null`);

/**
 * Who answers each candidate, decided in the transaction that stores them (before the chatbot's
 * job is queued): `flow` — a live run waits for the customer's input, or the text contains an
 * active flow campaign's phrase for the connection and no run is live (the flow's job is queued,
 * the chatbot stays silent); `hold` — a run is live but waits for time (an interval): nobody
 * answers, the message is only stored. Absent: not the flows' (the chatbot as before). Once a
 * message of a ticket goes to the flow, the later ones of that ticket in the batch go too (the
 * second may answer the menu the first one starts). One statement, in batch order.
 */
export async function flowClaims(tx: Tx, candidates: readonly FlowCandidate[]): Promise<Map<number, 'flow' | 'hold'>> {
  const claims = new Map<number, 'flow' | 'hold'>();
  if (candidates.length === 0) return claims;
  const ticketIds = [...new Set(candidates.map((c) => c.ticketId))];
  const whatsappIds = [...new Set(candidates.map((c) => c.whatsappId))];
  const { rows } = await runStatement<{ kind: 'r' | 'c'; id: number; detail: string | null }>(tx, claimsStatement, {
    ticketIds,
    whatsappIds,
  });
  const live = new Map(rows.filter((r) => r.kind === 'r').map((r) => [r.id, r.detail]));
  const phrases = rows.filter((r) => r.kind === 'c');
  const taken = new Set<number>();
  for (const c of candidates) {
    if (taken.has(c.ticketId)) claims.set(c.messageId, 'flow');
    else if (live.has(c.ticketId)) claims.set(c.messageId, live.get(c.ticketId) === 'input' ? 'flow' : 'hold');
    else if (c.isText && phrases.some((p) => p.id === c.whatsappId && containsPhrase(c.body, p.detail ?? ''))) {
      claims.set(c.messageId, 'flow');
      taken.add(c.ticketId);
    }
  }
  return claims;
}
