import { eq } from 'drizzle-orm';
import type { Schedule } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { schedules } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { backToPending, ensureEditable, fileInUse, loadSchedule, lockSchedule } from './schedule-view.js';
import { scheduleEvents } from './schedule-events.js';
import { removeStoredFile, setMedia } from './schedule-media.js';

/** `DELETE /schedules/{id}/media-upload`: the schedule keeps its text, loses its attachment (while editable). */
export async function removeScheduleMedia(ctx: Ctx, id: number) {
  const { actor } = ctx;
  const { schedule, previous } = await ctx.tenant(async (tx, events) => {
    const before = await lockSchedule(tx, id);
    ensureEditable(before);
    if (before.mediaPath === null) return { schedule: await loadSchedule(tx, id), previous: null };
    await setMedia(tx, id, null, null);
    if (before.status === 'ERRO') await tx.update(schedules).set(backToPending).where(eq(schedules.id, id));
    const schedule = await loadSchedule(tx, id);
    events.push(scheduleEvents.saved(actor.companyId, 'update', schedule));
    return { schedule, previous: fileInUse(before) ? null : before.mediaPath };
  });
  await removeStoredFile(ctx, previous);
  return schedule;
}

wireMatches<Answer<typeof removeScheduleMedia>, Schedule>(true);
