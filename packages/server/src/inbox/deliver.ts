import { eq } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { settings } from '../db/schema/index.js';
import type { AckUpdate, ConnectionRef, DeliverySummary, InboundBatch, InboundMessage } from '../channels/channel.js';
import type { BatchItem, BatchReceived } from './receive-batch.js';
import { withMedia } from './inbound-media.js';
import { reactToBatch } from './after-receive.js';
import { applyUpdate } from './apply-update.js';
import type { AckResult } from './apply-acks.js';
import { messagesReceived, providerLabel } from '../platform/metrics.js';

/** How a batch's messages reach the database: `receiveBatch`, through the group commit (channel-events.ts). */
export type StoreBatch = (companyId: number, items: BatchItem[]) => Promise<BatchReceived[]>;
/** How a connection's acks reach the database: `applyAcks`, through its group commit (channel-events.ts). */
export type StoreAcks = (conn: ConnectionRef, acks: readonly AckUpdate[]) => Promise<AckResult[]>;
/** Where a batch goes. */
export interface Stores {
  batch: StoreBatch;
  acks: StoreAcks;
}

/** A status can overtake the send that produced it (the outbox has not written the external id yet). */
const STATUS_RETRY_MS = [150, 500];

/**
 * Everything a provider saw at once, for one connection, in order: media fetched outside any
 * transaction, then the messages stored in one transaction (`store`), then updates (a reaction
 * may point at a message of this batch), then the acks in one transaction; what reacts to the
 * stored messages (`afterReceive`) runs beside the updates and acks once their transaction has
 * committed, and the answer waits for it. Resolves once all of it is stored.
 */
export async function deliver(
  deps: Deps,
  conn: ConnectionRef,
  batch: InboundBatch,
  store: Stores,
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 };
  let reacted = Promise.resolve();
  const messages = await withoutIgnored(deps, conn, batch.messages ?? []);
  summary.skipped += (batch.messages?.length ?? 0) - messages.length;
  if (messages.length > 0) {
    const items = await withMedia(deps, conn, messages);
    const results = await store.batch(conn.companyId, items);
    for (const r of results)
      if (r.stored) summary.stored++;
      else summary.duplicates++;
    reacted = reactToBatch(deps, items, results);
  }
  for (const update of batch.updates ?? []) if (await applyUpdate(deps, conn, update)) summary.updates++;
  if (batch.acks?.length) summary.acks += await applyStatuses(store.acks, conn, batch.acks, STATUS_RETRY_MS);
  await reacted;
  count(conn, summary);
  return summary;
}

/** The batch's messages as the metrics count them, once per batch. */
function count(conn: ConnectionRef, summary: DeliverySummary): void {
  const provider = providerLabel(conn.provider);
  if (summary.stored) messagesReceived.inc({ provider, result: 'stored' }, summary.stored);
  if (summary.duplicates) messagesReceived.inc({ provider, result: 'duplicate' }, summary.duplicates);
  if (summary.skipped) messagesReceived.inc({ provider, result: 'skipped' }, summary.skipped);
}

/**
 * A connection's acks (stored in one transaction with those arriving beside them); those naming
 * a message not stored yet are tried again after each of `retryMs` (none: applied once).
 */
export async function applyStatuses(
  storeAcks: StoreAcks,
  conn: ConnectionRef,
  acks: readonly AckUpdate[],
  retryMs: readonly number[] = [],
): Promise<number> {
  let changed = 0;
  let pending = acks;
  for (let attempt = 0; ; attempt++) {
    const results = await storeAcks(conn, pending);
    changed += results.filter((r) => r.changed).length;
    const delay = retryMs[attempt];
    pending = pending.filter((_, i) => results[i]!.unknown);
    if (pending.length === 0 || delay === undefined) return changed;
    await new Promise((r) => setTimeout(r, delay));
  }
}

/**
 * Group messages are dropped when the company ignores groups (the CheckMsgIsGroup setting),
 * read only when the batch holds one: most do not, and a transaction per message counts.
 */
async function withoutIgnored(deps: Deps, conn: ConnectionRef, messages: InboundMessage[]): Promise<InboundMessage[]> {
  if (!messages.some((m) => m.isGroup)) return messages;
  const ignoreGroups = await runTenant(deps, conn.companyId, async (tx) => {
    const [row] = await tx.select({ value: settings.value }).from(settings).where(eq(settings.key, 'CheckMsgIsGroup'));
    return row?.value === 'enabled';
  });
  return ignoreGroups ? messages.filter((m) => !m.isGroup) : messages;
}
