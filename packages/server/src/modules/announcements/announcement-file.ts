import type { Ctx } from '../../platform/context.js';
import { readStoredFile } from '../../platform/stored-file.js';
import { findAnnouncement } from './announcement-view.js';

/** `GET /announcements/{id}/media`: the image, for whoever may see the announcement (404 else). */
export async function announcementFile(ctx: Ctx, id: number) {
  const row = await findAnnouncement(ctx.deps.pools.platformDb, ctx.actor, id);
  return readStoredFile(ctx.deps.storage, row.mediaPath, row.mediaName);
}
