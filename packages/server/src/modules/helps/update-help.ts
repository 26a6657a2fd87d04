import { eq } from 'drizzle-orm';
import type { Help, HelpUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';

/** `PUT /helps/{id}` (super users): the fields given. */
export async function updateHelp(ctx: Ctx, id: number, input: HelpUpdateBody) {
  const [help] = await ctx.platform((tx) =>
    tx
      .update(helps)
      .set({ ...input, updatedAt: new Date() })
      .where(eq(helps.id, id))
      .returning(),
  );
  if (!help) throw notFound('help');
  return help;
}

wireMatches<Answer<typeof updateHelp>, Help>(true);
