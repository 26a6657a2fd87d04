import type { Schedule } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadSchedule } from './schedule-view.js';

/** `GET /schedules/{id}`: one of the company's schedules (another company's is 404). */
export function getSchedule(ctx: Ctx, id: number) {
  return ctx.tenant((tx) => loadSchedule(tx, id));
}

wireMatches<Answer<typeof getSchedule>, Schedule>(true);
