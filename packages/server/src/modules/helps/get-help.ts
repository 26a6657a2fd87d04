import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { helps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { Help } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /helps/{id}`. */
export async function getHelp(ctx: Ctx, id: number) {
  const [help] = await ctx.deps.pools.platformDb.select().from(helps).where(eq(helps.id, id));
  if (!help) throw notFound('help');
  return help;
}

wireMatches<Answer<typeof getHelp>, Help>(true);
