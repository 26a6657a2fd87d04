import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { schedules } from '../../db/schema/index.js';
import { fileInUse, lockSchedule } from './schedule-view.js';
import { scheduleEvents } from './schedule-events.js';
import { removeStoredFile } from './schedule-media.js';

/**
 * `DELETE /schedules/{id}`, whatever its status (a sent one leaves the calendar; its message
 * stays in the conversation). The attachment leaves storage after commit unless a stored message
 * shares it.
 */
export async function deleteSchedule(ctx: Ctx, id: number): Promise<void> {
  const { actor } = ctx;
  const orphan = await ctx.tenant(async (tx, events) => {
    const row = await lockSchedule(tx, id);
    await tx.delete(schedules).where(eq(schedules.id, id));
    events.push(scheduleEvents.deleted(actor.companyId, id));
    return fileInUse(row) ? null : row.mediaPath;
  });
  await removeStoredFile(ctx, orphan);
}
