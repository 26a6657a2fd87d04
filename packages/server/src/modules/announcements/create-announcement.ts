import type { Announcement, AnnouncementBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { announcements } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { announcementEvents } from './announcement-events.js';

/** `POST /announcements` (super users). */
export function createAnnouncement(ctx: Ctx, input: AnnouncementBody) {
  return ctx.platform(async (tx, events) => {
    const [record] = await tx.insert(announcements).values(input).returning();
    events.push(...announcementEvents.saved(ctx.actor.companyId, 'create', record!));
    return record!;
  });
}

wireMatches<Answer<typeof createAnnouncement>, Announcement>(true);
