import { and, eq, getTableColumns, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { Deps } from '../platform/context.js';
import { messages } from '../db/schema/index.js';
import type { AckUpdate, ConnectionRef } from '../channels/channel.js';
import { runTenantRetrying } from './retry-transaction.js';
import { messagesUpdated } from '../modules/messages/message-events.js';
import { refMessageId } from '../modules/messages/outbox-rows.js';
import { arrayParam, byShape } from '../db/prepared.js';

type Message = typeof messages.$inferSelect;

/** What became of one acknowledgement: it moved its message, or names a message not stored (yet). */
export interface AckResult {
  changed: boolean;
  unknown: boolean;
}

/**
 * Acknowledgements of one connection (a webhook delivery's statuses, a session's one ack) in one
 * transaction: an ack moves a message's ack forward only (a late "delivered" never undoes "read");
 * a failure keeps the ack and records the error. A status whose external id is not stored but
 * whose `ref` names a queued message of the connection whose send started (Cloud API
 * `biz_opaque_callback_data`) settles it: the send reached the provider even if the process that
 * made it died before recording it, or has not recorded it yet. Answers, per update in order,
 * whether it changed its message (counted once per message) and whether its external id is not
 * stored (yet): a status can overtake the send that produced it, the caller may try those again.
 */
export async function applyAcks(deps: Deps, conn: ConnectionRef, updates: readonly AckUpdate[]): Promise<AckResult[]> {
  // Per message: the furthest ack, and the last error reported.
  const furthest = new Map<string, number>();
  const failed = new Map<string, string>();
  const refs = new Map<string, number>();
  for (const u of updates) {
    const refId = u.ref === undefined ? undefined : refMessageId(u.ref);
    if (refId !== undefined) refs.set(u.externalId, refId);
    if (u.error) failed.set(u.externalId, u.error);
    else furthest.set(u.externalId, Math.max(u.ack, furthest.get(u.externalId) ?? 0));
  }
  if (furthest.size === 0 && failed.size === 0) return updates.map(() => ({ changed: false, unknown: false }));
  const sorted = <T>(m: Map<string, T>) => [...m.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

  return runTenantRetrying(deps, conn.companyId, 'acks', async (tx, events) => {
    const changed = new Map<number, Message>();
    if (furthest.size > 0) {
      // Forward only: a late "delivered" never undoes "read".
      const rows = await setByExternalId(
        tx,
        conn.id,
        sorted(furthest),
        'int',
        { ack: sql`v.value` },
        sql`${messages.ack} < v.value`,
      );
      for (const r of rows) changed.set(r.id, r);
    }
    if (failed.size > 0) {
      const rows = await setByExternalId(tx, conn.id, sorted(failed), 'text', { error: sql`v.value` });
      for (const r of rows) changed.set(r.id, r);
    }

    const touched = new Set([...changed.values()].map((r) => r.externalId));
    let untouched = [...new Set([...furthest.keys(), ...failed.keys()])].filter((e) => !touched.has(e));
    const settling = untouched.filter((e) => refs.has(e));
    if (settling.length > 0) {
      const settle = tx
        .update(messages)
        .set({
          externalId: sql`v.e`,
          ack: sql`greatest(${messages.ack}, v.ack)`,
          error: sql`v.error`,
          updatedAt: sql`now()`,
        })
        .from(
          sql`unnest(${arrayParam(settling.map((e) => refs.get(e)!))}::bigint[], ${arrayParam(settling)}::text[],
            ${arrayParam(settling.map((e) => furthest.get(e) ?? 0))}::int[],
            ${arrayParam(settling.map((e) => failed.get(e) ?? null))}::text[]) as v(id, e, ack, error)`,
        )
        .where(
          and(
            eq(messages.id, sql`v.id`),
            eq(messages.whatsappId, conn.id),
            eq(messages.fromMe, true),
            isNull(messages.externalId),
            isNotNull(messages.sendStartedAt),
            isNull(messages.error),
            // No other message holds that id already (the unique index would refuse the batch).
            sql`not exists (select 1 from messages o where o.whatsapp_id = ${conn.id} and o.external_id = v.e)`,
          ),
        )
        .returning(getTableColumns(messages));
      const rows = await byShape(tx, settle);
      for (const r of rows) changed.set(r.id, r);
      const settled = new Set(rows.map((r) => r.externalId));
      untouched = untouched.filter((e) => !settled.has(e));
    }
    let unknown: string[] = [];
    if (untouched.length > 0) {
      // Not moved: already at or past that ack (nothing to do), or not stored yet.
      const known = await byShape(
        tx,
        tx
          .select({ e: messages.externalId })
          .from(messages)
          .where(
            and(eq(messages.whatsappId, conn.id), sql`${messages.externalId} = any(${arrayParam(untouched)}::text[])`),
          ),
      );
      const knownIds = new Set(known.map((r) => r.e));
      unknown = untouched.filter((e) => !knownIds.has(e));
    }

    // Published to whoever may see each message's ticket (their tickets in one read).
    events.push(...(await messagesUpdated(tx, conn.companyId, [...changed.values()])));
    const moved = new Set([...changed.values()].map((r) => r.externalId));
    const missing = new Set(unknown);
    return updates.map((u) => ({ changed: moved.delete(u.externalId), unknown: missing.has(u.externalId) }));
  });
}

/**
 * One value per external id of the connection (`v.value`), written by `set` where `when` holds, in
 * one named statement; answers the rows it changed.
 */
function setByExternalId(
  tx: Tx,
  whatsappId: number,
  list: [string, number | string][],
  type: 'int' | 'text',
  set: { ack: SQL } | { error: SQL },
  when?: SQL,
) {
  const ids = list.map(([e]) => e);
  return byShape(
    tx,
    tx
      .update(messages)
      .set({ ...set, updatedAt: sql`now()` })
      .from(
        sql`unnest(${arrayParam(ids)}::text[], ${arrayParam(list.map(([, v]) => v))}::${sql.raw(type)}[]) as v(e, value)`,
      )
      .where(
        and(
          eq(messages.whatsappId, whatsappId),
          // `= any` lets the index find the rows; the join alone would hash all of the connection's.
          sql`${messages.externalId} = any(${arrayParam(ids)}::text[])`,
          eq(messages.externalId, sql`v.e`),
          when,
        ),
      )
      .returning(getTableColumns(messages)),
  );
}
