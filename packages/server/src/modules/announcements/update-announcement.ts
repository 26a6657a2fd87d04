import { eq } from 'drizzle-orm';
import type { Announcement, AnnouncementUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { announcements } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findAnnouncement } from './announcement-view.js';
import { announcementEvents } from './announcement-events.js';

/** `PUT /announcements/{id}` (super users): the fields sent change, the others stay. */
export function updateAnnouncement(ctx: Ctx, id: number, input: AnnouncementUpdateBody) {
  return ctx.platform(async (tx, events) => {
    await findAnnouncement(tx, ctx.actor, id, { lock: true });
    const [record] = await tx
      .update(announcements)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(announcements.id, id))
      .returning();
    events.push(...announcementEvents.saved(ctx.actor.companyId, 'update', record!));
    return record!;
  });
}

wireMatches<Answer<typeof updateAnnouncement>, Announcement>(true);
