import type { Ctx } from '../../platform/context.js';
import { readSettings } from './read-setting.js';
import { visibleSettings } from './visible-settings.js';
import type { Setting } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /settings`: the company's settings, secret ones only for those who manage them. */
export async function listSettings(ctx: Ctx) {
  return visibleSettings(await ctx.tenant((tx) => readSettings(tx)), ctx.actor);
}

wireMatches<Answer<typeof listSettings>, Setting[]>(true);
