import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { announcements } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { forgetStoredFile } from '../../platform/stored-file.js';
import { announcementEvents } from './announcement-events.js';

/** `DELETE /announcements/{id}` (super users): gone from every pop-over; its attachment leaves storage after commit. */
export async function deleteAnnouncement(ctx: Ctx, id: number) {
  const mediaPath = await ctx.platform(async (tx, events) => {
    const [gone] = await tx
      .delete(announcements)
      .where(eq(announcements.id, id))
      .returning({ mediaPath: announcements.mediaPath });
    if (!gone) throw notFound('announcement');
    events.push(announcementEvents.deleted(ctx.actor.companyId, id));
    return gone.mediaPath;
  });
  await forgetStoredFile(ctx.deps, mediaPath);
}
