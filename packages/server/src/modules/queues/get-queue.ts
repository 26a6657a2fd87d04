import type { Ctx } from '../../platform/context.js';
import { notFound } from '../../platform/errors.js';
import { loadQueue } from './queue-view.js';
import type { Queue } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /queue/{id}`: one queue of the company (another company's answers 404). */
export async function getQueue(ctx: Ctx, id: number) {
  const queue = await ctx.tenant((tx) => loadQueue(tx, id));
  if (!queue) throw notFound('queue');
  return queue;
}

wireMatches<Answer<typeof getQueue>, Queue>(true);
