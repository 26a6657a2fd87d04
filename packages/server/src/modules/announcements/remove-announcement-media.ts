import type { Announcement } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { forgetStoredFile } from '../../platform/stored-file.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { setMedia } from './announcement-media.js';

/** `DELETE /announcements/{id}/media-upload` (super users): the announcement keeps its text, loses its image. */
export async function removeAnnouncementMedia(ctx: Ctx, id: number) {
  const { record, previous } = await setMedia(ctx, id, null, null);
  await forgetStoredFile(ctx.deps, previous);
  return record;
}

wireMatches<Answer<typeof removeAnnouncementMedia>, Announcement>(true);
