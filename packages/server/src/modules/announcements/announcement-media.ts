import { eq } from 'drizzle-orm';
import { ANNOUNCEMENT_MEDIA_MAX_BYTES } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { announcements } from '../../db/schema/index.js';
import { findAnnouncement } from './announcement-view.js';
import { announcementEvents } from './announcement-events.js';

/** Multipart limits of the attachment upload: one image of 2 MB at most (over it: 413). */
export const ANNOUNCEMENT_MULTIPART_OPTIONS = {
  limits: {
    fileSize: ANNOUNCEMENT_MEDIA_MAX_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    parts: 6,
    headerPairs: 100,
  },
  throwFileSizeLimit: true,
};

/**
 * The announcement's attachment set (a stored key and its name) or cleared (nulls), in one
 * platform transaction with its events; answers the record and the key it replaced, for the
 * caller to remove from storage after commit.
 */
export function setMedia(ctx: Ctx, id: number, key: string | null, name: string | null) {
  return ctx.platform(async (tx, events) => {
    const before = await findAnnouncement(tx, ctx.actor, id, { lock: true });
    const [record] = await tx
      .update(announcements)
      .set({ mediaPath: key, mediaName: name, updatedAt: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    if (before.mediaPath !== key) events.push(...announcementEvents.saved(ctx.actor.companyId, 'update', record!));
    return { record: record!, previous: before.mediaPath };
  });
}
