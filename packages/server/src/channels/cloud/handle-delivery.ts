import type { Deps } from '../../platform/context.js';
import {
  MediaUnavailable,
  type ConnectionRef,
  type DeliverySummary,
  type EventsFor,
  type InboundBatch,
} from '../channel.js';
import { GraphClient, GraphError } from './graph-client.js';
import { mapMessage, mapStatus, type MediaFetcher } from './map-inbound.js';
import { webhookMessage, webhookStatus, type WebhookDelivery } from './webhook-payload.js';

/** What the webhook knows of a Cloud API connection. */
export interface CloudConnection extends ConnectionRef {
  phoneNumberId: string | null;
  accessToken: string | null;
}

/**
 * Everything in a signed delivery: every entry, every change, every message and status — not only
 * the first — mapped to neutral reports and handed to the pipeline through its door, one batch per
 * connection (`deliver`: media, one transaction, reactions after commit). Resolves once all of it
 * is stored (the webhook answers 200 only then, so Meta's redelivery covers a crash). Storing is
 * idempotent: a delivery seen again changes nothing.
 *
 * `route(phoneNumberId)` names the connection a change belongs to (see webhook-routes.ts).
 */
export async function handleDelivery(
  deps: Deps,
  delivery: WebhookDelivery,
  route: (phoneNumberId: string | undefined) => Promise<CloudConnection>,
  eventsFor: EventsFor,
): Promise<DeliverySummary> {
  const summary: DeliverySummary = { stored: 0, duplicates: 0, acks: 0, updates: 0, skipped: 0 };
  const batches = new Map<number, { conn: CloudConnection; batch: Required<InboundBatch> }>();

  for (const entry of delivery.entry) {
    for (const change of entry.changes) {
      const value = change.value;
      if (!value.messages?.length && !value.statuses?.length) continue;
      const conn = await route(value.metadata?.phone_number_id);
      let target = batches.get(conn.id);
      if (!target) {
        target = { conn, batch: { messages: [], updates: [], acks: [] } };
        batches.set(conn.id, target);
      }
      const { batch } = target;
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
        if (mapped.kind === 'reaction') batch.updates.push(mapped.update);
        else batch.messages.push(mapped.message);
      }
      for (const raw of value.statuses ?? []) {
        const parsed = webhookStatus.safeParse(raw);
        const ack = parsed.success ? mapStatus(parsed.data) : undefined;
        if (ack) batch.acks.push(ack);
        else summary.skipped++;
      }
    }
  }

  // Connections side by side (a change routed to a sibling is rare); the answer waits for all.
  const outcomes = await Promise.allSettled(
    [...batches.values()].map(({ conn, batch }) => eventsFor({ ...conn, provider: 'cloud' }).deliver(batch)),
  );
  for (const outcome of outcomes) {
    if (outcome.status === 'rejected') throw outcome.reason;
    for (const key of Object.keys(summary) as (keyof DeliverySummary)[]) summary[key] += outcome.value[key];
  }
  return summary;
}

/**
 * Media of a delivery are fetched through the Graph API with the connection's token, when the
 * pipeline stores them. A file Meta will never give (Graph's non-retryable errors: expired, too
 * large, refused) is `MediaUnavailable`: the pipeline keeps the message as a note saying so.
 */
function mediaFetcher(deps: Deps, conn: CloudConnection): MediaFetcher {
  let graph: GraphClient | undefined;
  return (mediaId, mimetype, fileName) => ({
    mimetype,
    fileName,
    async download() {
      try {
        if (!conn.accessToken) throw new GraphError('the connection has no access token', 401, undefined, false);
        graph ??= new GraphClient({ baseUrl: deps.config.WHATSAPP_CLOUD_API_URL, accessToken: conn.accessToken });
        return (await graph.downloadMedia(mediaId)).data;
      } catch (err) {
        if (!(err instanceof GraphError) || err.retryable) throw err;
        throw new MediaUnavailable(err.message, { status: err.status, code: err.code });
      }
    },
  });
}
