import { sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { extensionFor, sanitizeFileName, type Storage } from '../platform/storage.js';
import { MediaUnavailable, type ConnectionRef, type InboundMessage } from '../channels/channel.js';
import { storedAlready, type BatchItem } from './receive-batch.js';

/** Media files of one batch fetched side by side. */
const MEDIA_CONCURRENCY = 4;

/**
 * A batch's messages with their media saved to storage, before any transaction (a download
 * never holds a transaction open). A message already stored (a redelivery) does not fetch its
 * file again. A file the provider will never give (`MediaUnavailable`) leaves the message as a
 * chat message saying so; any other failure fails the batch, to be delivered again.
 */
export async function withMedia(deps: Deps, conn: ConnectionRef, messages: InboundMessage[]): Promise<BatchItem[]> {
  const items: BatchItem[] = messages.map((msg) => ({ conn, msg }));
  const pending = items.filter((it) => it.msg.media);
  if (pending.length === 0) return items;
  const stored = await storedIds(deps, conn, pending);
  await eachLimited(
    pending.filter((it) => !stored.has(it.msg.externalId)),
    MEDIA_CONCURRENCY,
    async (it) => {
      try {
        it.media = await saveMedia(deps.storage, conn.companyId, it.msg.media!);
      } catch (err) {
        if (!(err instanceof MediaUnavailable)) throw err;
        deps.log.warn({ whatsappId: conn.id, ...err.details }, 'inbound media unavailable');
        const note = `[${it.msg.type} not available: ${err.message}]`;
        it.msg = { ...it.msg, type: 'chat', media: undefined, body: it.msg.body ? `${it.msg.body}\n${note}` : note };
      }
    },
  );
  return items;
}

async function saveMedia(storage: Storage, companyId: number, media: NonNullable<InboundMessage['media']>) {
  const data = await media.download();
  const key = await storage.put(companyId, data, extensionFor(media.mimetype, media.fileName));
  return { key, name: sanitizeFileName(media.fileName, key.split('/').pop()) };
}

/** The external ids of these messages already stored (one read). */
async function storedIds(deps: Deps, conn: ConnectionRef, items: BatchItem[]): Promise<Set<string>> {
  const { rows } = await runTenant(deps, conn.companyId, (tx) =>
    tx.execute<{ e: string; seen: boolean | null }>(sql`
      select v.e, ${storedAlready(sql`${conn.id}::int`, sql`v.e`)} as seen
      from unnest(${sql.param(items.map((it) => it.msg.externalId))}::text[]) as v(e)`),
  );
  return new Set(rows.filter((r) => r.seen).map((r) => r.e));
}

async function eachLimited<T>(items: T[], limit: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const errors: unknown[] = [];
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++]!;
      // One failing file does not stop the others; the batch still fails (and is delivered again).
      await fn(item).catch((err: unknown) => errors.push(err));
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (errors.length) throw errors[0];
}
