import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { messages, tickets } from '../db/schema/index.js';
import type { AckUpdate, ConnectionRef } from '../channels/channel.js';
import { runTenantRetrying } from './retry-transaction.js';
import { messageEvents } from '../modules/messages/message-events.js';

type Message = typeof messages.$inferSelect;

/**
 * Acknowledgements of one connection (a webhook delivery's statuses, a session's one ack) in one
 * transaction: an ack moves a message's ack forward only (a late "delivered" never undoes "read");
 * a failure keeps the ack and records the error. Answers how many messages changed and the
 * external ids not stored (yet): a status can overtake the send that produced it, the caller may
 * try those again.
 */
export async function applyAcks(
  deps: Deps,
  conn: ConnectionRef,
  updates: readonly AckUpdate[],
): Promise<{ changed: number; unknown: string[] }> {
  // Per message: the furthest ack, and the last error reported.
  const furthest = new Map<string, number>();
  const failed = new Map<string, string>();
  for (const u of updates) {
    if (u.error) failed.set(u.externalId, u.error);
    else furthest.set(u.externalId, Math.max(u.ack, furthest.get(u.externalId) ?? 0));
  }
  if (furthest.size === 0 && failed.size === 0) return { changed: 0, unknown: [] };
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  return runTenantRetrying(deps, conn.companyId, 'acks', async (tx, events) => {
    const changed = new Map<number, Message>();
    if (furthest.size > 0) {
      const list = sorted(furthest);
      const rows = await tx
        .update(messages)
        .set({ ack: sql`v.ack`, updatedAt: sql`now()` })
        .from(
          sql`unnest(${sql.param(list.map(([e]) => e))}::text[], ${sql.param(list.map(([, a]) => a))}::int[]) as v(e, ack)`,
        )
        .where(
          and(
            eq(messages.whatsappId, conn.id),
            // `= any` lets the index find the rows; the join alone would hash all of the connection's.
            sql`${messages.externalId} = any(${sql.param(list.map(([e]) => e))}::text[])`,
            eq(messages.externalId, sql`v.e`),
            sql`${messages.ack} < v.ack`,
          ),
        )
        .returning(getTableColumns(messages));
      for (const r of rows) changed.set(r.id, r);
    }
    if (failed.size > 0) {
      const list = sorted(failed);
      const rows = await tx
        .update(messages)
        .set({ error: sql`v.error`, updatedAt: sql`now()` })
        .from(
          sql`unnest(${sql.param(list.map(([e]) => e))}::text[], ${sql.param(list.map(([, m]) => m))}::text[]) as v(e, error)`,
        )
        .where(
          and(
            eq(messages.whatsappId, conn.id),
            sql`${messages.externalId} = any(${sql.param(list.map(([e]) => e))}::text[])`,
            eq(messages.externalId, sql`v.e`),
          ),
        )
        .returning(getTableColumns(messages));
      for (const r of rows) changed.set(r.id, r);
    }

    const touched = new Set([...changed.values()].map((r) => r.externalId));
    const untouched = [...new Set([...furthest.keys(), ...failed.keys()])].filter((e) => !touched.has(e));
    let unknown: string[] = [];
    if (untouched.length > 0) {
      // Not moved: already at or past that ack (nothing to do), or not stored yet.
      const known = await tx
        .select({ e: messages.externalId })
        .from(messages)
        .where(and(eq(messages.whatsappId, conn.id), inArray(messages.externalId, untouched)));
      const knownIds = new Set(known.map((r) => r.e));
      unknown = untouched.filter((e) => !knownIds.has(e));
    }

    if (changed.size > 0) {
      // Published to whoever may see each message's ticket (as messageUpdated does, in one read).
      const ticketIds = [...new Set([...changed.values()].map((r) => r.ticketId))];
      const audience = await tx
        .select({ id: tickets.id, queueId: tickets.queueId, userId: tickets.userId })
        .from(tickets)
        .where(inArray(tickets.id, ticketIds));
      const byId = new Map(audience.map((t) => [t.id, t]));
      for (const message of changed.values()) {
        events.push(messageEvents.updated(conn.companyId, message, byId.get(message.ticketId)));
      }
    }
    return { changed: changed.size, unknown };
  });
}
