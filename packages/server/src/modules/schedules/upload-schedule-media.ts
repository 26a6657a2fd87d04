import type { FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { SCHEDULE_FILE_FIELD, SCHEDULE_MEDIA_TYPES, type Schedule } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { schedules } from '../../db/schema/index.js';
import { invalid } from '../../platform/errors.js';
import { discardMedia, readMultipartMedia } from '../../platform/uploads.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { backToPending, ensureEditable, fileInUse, loadSchedule, lockSchedule } from './schedule-view.js';
import { scheduleEvents } from './schedule-events.js';
import { removeStoredFile, setMedia } from './schedule-media.js';

/**
 * `POST /schedules/{id}/media-upload` (multipart `file`): the image sent with the text as its
 * caption, png or jpeg (content checked against the type, 16 MB). The schedule must still be
 * editable before the file is read. It replaces the previous attachment, which leaves storage
 * after commit unless a stored message shares it; a refused request removes the new file.
 */
export async function uploadScheduleMedia(ctx: Ctx, id: number, req: FastifyRequest) {
  const { actor, deps } = ctx;
  await ctx.tenant(async (tx) => ensureEditable(await lockSchedule(tx, id)));
  if (!req.isMultipart()) throw invalid({ [SCHEDULE_FILE_FIELD]: 'required' }, 'Send the file as multipart');
  const { medias } = await readMultipartMedia(
    req,
    deps.storage,
    actor.companyId,
    [],
    SCHEDULE_FILE_FIELD,
    SCHEDULE_MEDIA_TYPES,
  );
  const media = medias[0];
  if (!media) throw invalid({ [SCHEDULE_FILE_FIELD]: 'required' }, 'No file in');
  try {
    const { schedule, previous } = await ctx.tenant(async (tx, events) => {
      const before = await lockSchedule(tx, id);
      ensureEditable(before);
      await setMedia(tx, id, media.key, media.name);
      if (before.status === 'ERRO') await tx.update(schedules).set(backToPending).where(eq(schedules.id, id));
      const schedule = await loadSchedule(tx, id);
      events.push(scheduleEvents.saved(actor.companyId, 'update', schedule));
      return { schedule, previous: fileInUse(before) ? null : before.mediaPath };
    });
    await removeStoredFile(ctx, previous);
    return schedule;
  } catch (err) {
    await discardMedia(deps.storage, medias);
    throw err;
  }
}

wireMatches<Answer<typeof uploadScheduleMedia>, Schedule>(true);
