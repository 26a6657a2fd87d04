import { sql } from 'drizzle-orm';
import { MEDIA_MAX_BYTES, type MediaType } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { MEDIA_KINDS } from '../../platform/media-kinds.js';

// What the attachment's use cases and the runner share.

/** Multipart limits of the attachment upload: one file, WhatsApp's media size. */
export const CAMPAIGN_MULTIPART_OPTIONS = {
  limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  throwFileSizeLimit: true,
};

/** A file nothing points to any more; a failure only leaves an orphan behind, never an error. */
export async function removeCampaignFile(ctx: Ctx, key: string | null): Promise<void> {
  if (key) await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'media not removed'));
}

/** Messages already stored from the campaign carry its attachment's file: it stays in storage. */
export async function attachmentShared(tx: Tx, campaignId: number): Promise<boolean> {
  const { rows } = await tx.execute(
    sql`select 1 from campaign_shipping where campaign_id = ${campaignId} and dispatched_at is not null limit 1`,
  );
  return rows.length > 0;
}

/** A stored file's type and WhatsApp kind, from the extension the storage gave its key. */
export function mediaOfKey(key: string): { mimetype: string; type: MediaType } {
  const ext = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  const found = Object.entries(MEDIA_KINDS).find(([, k]) => k.ext === ext);
  return found
    ? { mimetype: found[0], type: found[1].type }
    : { mimetype: 'application/octet-stream', type: 'document' };
}
