import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadTag } from './tag-view.js';
import type { Tag } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /tags/{id}`: one tag of the company (another company's answers 404). */
export async function getTag(ctx: Ctx, id: number) {
  const tag = await ctx.tenant((tx) => loadTag(tx, id));
  if (!tag) throw notFound('tag');
  return tag;
}

wireMatches<Answer<typeof getTag>, Tag>(true);
