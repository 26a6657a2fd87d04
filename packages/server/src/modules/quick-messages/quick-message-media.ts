import { eq } from 'drizzle-orm';
import { MEDIA_MAX_BYTES } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { quickMessageColumns, toView } from './quick-message-view.js';

// What the attachment's use cases share (upload, remove, and the answer's delete).

/** Multipart limits of the attachment upload: one file, WhatsApp's media size. */
export const QUICK_MESSAGE_MULTIPART_OPTIONS = {
  limits: { fileSize: MEDIA_MAX_BYTES, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 100 },
  throwFileSizeLimit: true,
};

/** A file no answer points to any more; a failure only leaves an orphan behind, never an error. */
export async function removeStoredFile(ctx: Ctx, key: string | null): Promise<void> {
  if (key) await ctx.deps.storage.remove(key).catch((err: unknown) => ctx.deps.log.warn({ err }, 'media not removed'));
}

/** The answer's attachment, set or cleared; the answer as the API shows it. */
export async function setMedia(tx: Tx, id: number, key: string | null, name: string | null) {
  const [row] = await tx
    .update(quickMessages)
    .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
    .where(eq(quickMessages.id, id))
    .returning(quickMessageColumns);
  return toView(row!);
}
