import type { QueueOptionListQuery, QueueOptionNode } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { assertQueue } from './lock-queue.js';
import { optionTree, queueRows } from './option-view.js';

/** `GET /queue-options`: one level (top when parentId is -1 or absent), ordered by number, each with its subtree. */
export function listOptions(ctx: Ctx, { queueId, parentId }: QueueOptionListQuery) {
  return ctx.tenant(async (tx) => {
    await assertQueue(tx, queueId);
    return optionTree(await queueRows(tx, queueId), parentId);
  });
}

wireMatches<Answer<typeof listOptions>, QueueOptionNode[]>(true);
