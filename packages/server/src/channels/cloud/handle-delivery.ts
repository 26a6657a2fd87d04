import { sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { saveMedia, type ConnectionRef } from '../../inbox/receive-message.js';
import {
  reactToBatch,
  receiveBatch,
  storedAlready,
  type BatchItem,
  type BatchReceived,
} from '../../inbox/receive-batch.js';
import { applyUpdate } from '../../inbox/apply-ack.js';
import { applyAcks } from '../../inbox/apply-acks.js';
import type { AckUpdate, InboundMessage, MessageUpdate } from '../channel.js';
import { GraphClient, GraphError } from './graph-client.js';
import { mapMessage, mapStatus, type MediaFetcher } from './map-inbound.js';
import { webhookMessage, webhookStatus, type WebhookDelivery } from './webhook-payload.js';

/** What the webhook knows of a Cloud API connection. */
export interface CloudConnection extends ConnectionRef {
  phoneNumberId: string | null;
  accessToken: string | null;
}

export interface DeliverySummary {
  stored: number;
  duplicates: number;
  acks: number;
  updates: number;
  skipped: number;
}

/** How a delivery's messages reach the database: one batch per company (see group-commit.ts). */
export type StoreBatch = (companyId: number, items: BatchItem[]) => Promise<BatchReceived[]>;

/** Media files of one delivery fetched side by side. */
const MEDIA_CONCURRENCY = 4;
/** A status can overtake the send that produced it (the outbox has not written the wamid yet). */
const STATUS_RETRY_MS = [150, 500];

/**
 * Everything in a signed delivery: every entry, every change, every message and status — not only
 * the first. Resolves once all of it is stored (the webhook answers 200 only then, so Meta's
 * redelivery covers a crash). Storing is idempotent: a delivery seen again changes nothing.
 *
 * Set-based: media are fetched first, outside any transaction; then all the messages of the
 * delivery are stored in one transaction (`receiveBatch`, possibly together with concurrent
 * deliveries through `storeBatch`), then reactions, then the statuses of each connection in one
 * transaction; `afterReceive` runs for each stored message once its batch has committed.
 *
 * `route(phoneNumberId)` names the connection a change belongs to (see webhook-routes.ts).
 */
export async function handleDelivery(
  deps: Deps,
  delivery: WebhookDelivery,
  route: (phoneNumberId: string | undefined) => Promise<CloudConnection>,
  storeBatch: StoreBatch = (companyId, items) => receiveBatch(deps, companyId, items),
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 };
  const inbound: { conn: CloudConnection; message: InboundMessage }[] = [];
  const reactions: { conn: CloudConnection; update: MessageUpdate }[] = [];
  const statuses = new Map<number, { conn: CloudConnection; acks: AckUpdate[] }>();

  for (const entry of delivery.entry) {
    for (const change of entry.changes) {
      const value = change.value;
      if (!value.messages?.length && !value.statuses?.length) continue;
      const conn = await route(value.metadata?.phone_number_id);
      const names = new Map<string, string>();
      for (const c of value.contacts ?? []) if (c.wa_id && c.profile?.name) names.set(c.wa_id, c.profile.name);
      const fetchMedia = mediaFetcher(deps, conn);

      for (const raw of value.messages ?? []) {
        const parsed = webhookMessage.safeParse(raw);
        if (!parsed.success) {
          summary.skipped++;
          deps.log.warn(
            { whatsappId: conn.id, issues: parsed.error.issues.slice(0, 3) },
            'cloud webhook: message skipped',
          );
          continue;
        }
        const mapped = mapMessage(parsed.data, names, fetchMedia);
        if (mapped.kind === 'reaction') reactions.push({ conn, update: mapped.update });
        else inbound.push({ conn, message: mapped.message });
      }
      for (const raw of value.statuses ?? []) {
        const parsed = webhookStatus.safeParse(raw);
        const ack = parsed.success ? mapStatus(parsed.data) : undefined;
        if (!ack) {
          summary.skipped++;
          continue;
        }
        const list = statuses.get(conn.id) ?? { conn, acks: [] };
        list.acks.push(ack);
        statuses.set(conn.id, list);
      }
    }
  }

  let reacted = Promise.resolve();
  if (inbound.length > 0) {
    const items = await withMedia(deps, inbound);
    // Every connection a delivery routes to belongs to the company of its URL (webhook-routes.ts).
    const results = await storeBatch(inbound[0]!.conn.companyId, items);
    for (const r of results)
      if (r.stored) summary.stored++;
      else summary.duplicates++;
    // What reacts to the stored messages (afterReceive) runs beside the rest; the answer waits for it.
    reacted = reactToBatch(deps, items, results);
  }
  // After the messages: a reaction may point at a message of this same delivery.
  for (const { conn, update } of reactions) if (await applyUpdate(deps, conn, update)) summary.updates++;
  for (const { conn, acks } of statuses.values()) summary.acks += await applyStatuses(deps, conn, acks);
  await reacted;
  return summary;
}

/**
 * The delivery's messages with their media saved to storage, before any transaction. A message
 * already stored (a redelivery) does not fetch its file again. A file Meta will never give
 * (expired, too large, refused) leaves the message as a chat message saying so.
 */
async function withMedia(
  deps: Deps,
  inbound: { conn: CloudConnection; message: InboundMessage }[],
): Promise<BatchItem[]> {
  const items: BatchItem[] = inbound.map(({ conn, message }) => ({ conn, msg: message }));
  const pending = items.filter((it) => it.msg.media);
  if (pending.length === 0) return items;
  const stored = await storedIds(deps, pending);
  await eachLimited(
    pending.filter((it) => !stored.has(`${it.conn.id}:${it.msg.externalId}`)),
    MEDIA_CONCURRENCY,
    async (it) => {
      try {
        it.media = await saveMedia(deps.storage, it.conn.companyId, it.msg.media!);
      } catch (err) {
        if (!(err instanceof GraphError && !err.retryable)) throw err;
        deps.log.warn(
          { whatsappId: it.conn.id, status: err.status, code: err.code },
          'cloud webhook: media unavailable',
        );
        const note = `[${it.msg.type} not available: ${err.message}]`;
        it.msg = { ...it.msg, type: 'chat', media: undefined, body: it.msg.body ? `${it.msg.body}\n${note}` : note };
      }
    },
  );
  return items;
}

/** Which of these messages are stored already (one read). */
async function storedIds(deps: Deps, items: BatchItem[]): Promise<Set<string>> {
  const { rows } = await runTenant(deps, items[0]!.conn.companyId, (tx) =>
    tx.execute<{ w: number; e: string; seen: boolean | null }>(sql`
      select v.w, v.e, ${storedAlready(sql`v.w`, sql`v.e`)} as seen
      from unnest(${sql.param(items.map((it) => it.conn.id))}::int[],
        ${sql.param(items.map((it) => it.msg.externalId))}::text[]) as v(w, e)`),
  );
  return new Set(rows.filter((r) => r.seen).map((r) => `${r.w}:${r.e}`));
}

/** A connection's statuses in one transaction; those naming a message not stored yet are tried again a little later. */
async function applyStatuses(deps: Deps, conn: CloudConnection, acks: AckUpdate[]): Promise<number> {
  let changed = 0;
  let pending = acks;
  for (let attempt = 0; ; attempt++) {
    const outcome = await applyAcks(deps, conn, pending);
    changed += outcome.changed;
    const delay = STATUS_RETRY_MS[attempt];
    if (outcome.unknown.length === 0 || delay === undefined) return changed;
    const unknown = new Set(outcome.unknown);
    pending = pending.filter((a) => unknown.has(a.externalId));
    await new Promise((r) => setTimeout(r, delay));
  }
}

/** Media of a delivery are fetched through the Graph API with the connection's token, when stored. */
function mediaFetcher(deps: Deps, conn: CloudConnection): MediaFetcher {
  let graph: GraphClient | undefined;
  return (mediaId, mimetype, fileName) => ({
    mimetype,
    fileName,
    async download() {
      if (!conn.accessToken) throw new GraphError('the connection has no access token', 401, undefined, false);
      graph ??= new GraphClient({ baseUrl: deps.config.WHATSAPP_CLOUD_API_URL, accessToken: conn.accessToken });
      return (await graph.downloadMedia(mediaId)).data;
    },
  });
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      // One failing file does not stop the others; the delivery still fails (and is redelivered).
      await fn(item).catch((err: unknown) => errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors[0];
}
