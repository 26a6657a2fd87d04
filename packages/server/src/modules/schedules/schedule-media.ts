import { eq } from 'drizzle-orm';
import { MEDIA_MAX_BYTES } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { schedules } from '../../db/schema/index.js';

// What the attachment's use cases share (upload, remove, and the schedule's delete).

/** Multipart limits of the attachment upload: one file, WhatsApp's media size. */
export const SCHEDULE_MULTIPART_OPTIONS = {
  limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  throwFileSizeLimit: true,
};

/** A file nothing points to any more; a failure only leaves an orphan behind, never an error. */
export async function removeStoredFile(ctx: Ctx, key: string | null): Promise<void> {
  if (key) await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'media not removed'));
}

/** The schedule's attachment, set or cleared. */
export async function setMedia(tx: Tx, id: number, key: string | null, name: string | null) {
  await tx
    .update(schedules)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(eq(schedules.id, id));
}

/** The attachment's type, from the extension the storage gave its key (png or jpg). */
export const imageMimetype = (key: string) => (key.toLowerCase().endsWith('.png') ? 'image/png' : 'image/jpeg');
