import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { receiveMessage, type ConnectionRef } from '../../inbox/receive-message.js';
import { applyAck, applyUpdate } from '../../inbox/apply-ack.js';
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

/** Chats of one delivery stored side by side; the messages of one chat one after the other, in order. */
const CHAT_CONCURRENCY = 8;
/** A status can overtake the send that produced it (the outbox has not written the wamid yet). */
const STATUS_RETRY_MS = [150, 500];

/**
 * Everything in a signed delivery: every entry, every change, every message and status — not only
 * the first. Resolves once all of it is stored (the webhook answers 200 only then, so Meta's
 * redelivery covers a crash). Storing is idempotent: a delivery seen again changes nothing.
 *
 * `route(phoneNumberId)` names the connection a change belongs to (see webhook-routes.ts).
 */
export async function handleDelivery(
  deps: Deps,
  delivery: WebhookDelivery,
  route: (phoneNumberId: string | undefined) => Promise<CloudConnection>,
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 };
  const chats = new Map<string, { conn: CloudConnection; messages: InboundMessage[] }>();
  const reactions: { conn: CloudConnection; update: MessageUpdate }[] = [];
  const statuses = new Map<string, { conn: CloudConnection; acks: AckUpdate[] }>();

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
        if (mapped.kind === 'reaction') {
          reactions.push({ conn, update: mapped.update });
          continue;
        }
        const key = `${conn.id}:${mapped.message.chatId}`;
        const chat = chats.get(key) ?? { conn, messages: [] };
        chat.messages.push(mapped.message);
        chats.set(key, chat);
      }
      for (const raw of value.statuses ?? []) {
        const parsed = webhookStatus.safeParse(raw);
        const ack = parsed.success ? mapStatus(parsed.data) : undefined;
        if (!ack) {
          summary.skipped++;
          continue;
        }
        const key = `${conn.id}:${ack.externalId}`;
        const list = statuses.get(key) ?? { conn, acks: [] };
        list.acks.push(ack);
        statuses.set(key, list);
      }
    }
  }

  await eachLimited([...chats.values()], CHAT_CONCURRENCY, async ({ conn, messages: list }) => {
    for (const message of list) {
      const result = await store(deps, conn, message);
      if (result === 'stored') summary.stored++;
      else summary.duplicates++;
    }
  });
  // After the messages: a reaction may point at a message of this same delivery.
  for (const { conn, update } of reactions) if (await applyUpdate(deps, conn, update)) summary.updates++;
  await eachLimited([...statuses.values()], CHAT_CONCURRENCY, async ({ conn, acks }) => {
    for (const ack of acks) if (await applyStatus(deps, conn, ack)) summary.acks++;
  });
  return summary;
}

async function store(deps: Deps, conn: CloudConnection, message: InboundMessage): Promise<'stored' | 'duplicate'> {
  // A redelivered media message is known already: do not fetch its file again.
  if (message.media && (await isStored(deps, conn, message.externalId))) return 'duplicate';
  try {
    const result = await receiveMessage(deps, conn, message, { ignoreGroups: false });
    return result.stored ? 'stored' : 'duplicate';
  } catch (err) {
    // A file Meta will never give (expired, too large, refused): keep the message, say so.
    if (!(message.media && err instanceof GraphError && !err.retryable)) throw err;
    deps.log.warn({ whatsappId: conn.id, status: err.status, code: err.code }, 'cloud webhook: media unavailable');
    const note = `[${message.type} not available: ${err.message}]`;
    const result = await receiveMessage(
      deps,
      conn,
      { ...message, type: 'chat', media: undefined, body: message.body ? `${message.body}\n${note}` : note },
      { ignoreGroups: false },
    );
    return result.stored ? 'stored' : 'duplicate';
  }
}

async function applyStatus(deps: Deps, conn: CloudConnection, ack: AckUpdate): Promise<boolean> {
  for (let attempt = 0; ; attempt++) {
    if (await applyAck(deps, conn, ack)) return true;
    // Not moved: either already at or past this ack (nothing to do), or not written yet.
    const delay = STATUS_RETRY_MS[attempt];
    if (delay === undefined || (await isStored(deps, conn, ack.externalId))) return false;
    await new Promise((r) => setTimeout(r, delay));
  }
}

async function isStored(deps: Deps, conn: ConnectionRef, externalId: string): Promise<boolean> {
  return runTenant(deps, conn.companyId, async (tx) => {
    const [row] = await tx
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, externalId)))
      .limit(1);
    return row !== undefined;
  });
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
      // One failing chat does not stop the others; the delivery still fails (and is redelivered).
      await fn(item).catch((err: unknown) => errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors[0];
}
