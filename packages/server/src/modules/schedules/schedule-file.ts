import type { Ctx } from '../../platform/context.js';
import { readStoredFile } from '../../platform/stored-file.js';
import { loadSchedule } from './schedule-view.js';

/** `GET /schedules/{id}/media`: the attachment, for anyone of the company. */
export async function scheduleFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant((tx) => loadSchedule(tx, id));
  return readStoredFile(ctx.deps.storage, row.mediaPath, row.mediaName);
}
