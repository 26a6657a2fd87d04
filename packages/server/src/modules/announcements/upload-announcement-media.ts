import type { FastifyRequest } from 'fastify';
import { ANNOUNCEMENT_MEDIA_FIELD, ANNOUNCEMENT_MEDIA_TYPES, type Announcement } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { invalid } from '../../platform/errors.js';
import { forgetStoredFile } from '../../platform/stored-file.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { findAnnouncement } from './announcement-view.js';
import { setMedia } from './announcement-media.js';

/**
 * `POST /announcements/{id}/media-upload` (super users, multipart `file`): a png or jpeg image of
 * 2 MB at most whose bytes match its declared type, stored under a key the storage chooses (its
 * own name kept only sanitised). It replaces the previous attachment, which leaves storage after
 * commit; a refused request removes the new file.
 */
export async function uploadAnnouncementMedia(ctx: Ctx, id: number, req: FastifyRequest) {
  const { deps, actor } = ctx;
  await findAnnouncement(deps.pools.platformDb, actor, id);
  if (!req.isMultipart()) throw invalid({ [ANNOUNCEMENT_MEDIA_FIELD]: 'required' }, 'Send the file as multipart');
  const { medias } = await readMultipartMedia(
    req,
    deps.storage,
    actor.companyId,
    [],
    ANNOUNCEMENT_MEDIA_FIELD,
    ANNOUNCEMENT_MEDIA_TYPES,
  );
  const media = medias[0];
  if (!media) throw invalid({ [ANNOUNCEMENT_MEDIA_FIELD]: 'required' }, 'No file in');
  try {
    const { record, previous } = await setMedia(ctx, id, media.key, media.name);
    await forgetStoredFile(deps, previous);
    return record;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

wireMatches<Answer<typeof uploadAnnouncementMedia>, Announcement>(true);
