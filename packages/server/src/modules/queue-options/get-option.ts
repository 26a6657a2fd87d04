import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadOption } from './option-view.js';
import type { QueueOptionNode } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /queue-options/{id}`: one option with its subtree (another company's answers 404). */
export async function getOption(ctx: Ctx, id: number) {
  const option = await ctx.tenant((tx) => loadOption(tx, id));
  if (!option) throw notFound('queue option');
  return option;
}

wireMatches<Answer<typeof getOption>, QueueOptionNode>(true);
