import type { Help, HelpBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';

/** `POST /helps` (super users). */
export async function createHelp(ctx: Ctx, input: HelpBody) {
  const [help] = await ctx.platform((tx) => tx.insert(helps).values(input).returning());
  return help!;
}

wireMatches<Answer<typeof createHelp>, Help>(true);
