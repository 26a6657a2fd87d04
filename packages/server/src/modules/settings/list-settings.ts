import type { Ctx } from '../../platform/context.js';
import { readSettings } from './read-setting.js';
import { visibleSettings } from './visible-settings.js';

/** `GET /settings`: the company's settings, secret ones only for those who manage them. */
export async function listSettings(ctx: Ctx) {
  return visibleSettings(await ctx.tenant((tx) => readSettings(tx)), ctx.actor);
}
