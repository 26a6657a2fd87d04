import { asc } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { queues } from '../../db/schema/index.js';
import { queueColumns } from './queue-view.js';
import type { Queue } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/** `GET /queue`: the company's queues in the order menus show them: orderQueue (unset last), then name. */
export function listQueues(ctx: Ctx) {
  return ctx.tenant((tx) =>
    tx.select(queueColumns).from(queues).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id)),
  );
}

wireMatches<Answer<typeof listQueues>, Queue[]>(true);
