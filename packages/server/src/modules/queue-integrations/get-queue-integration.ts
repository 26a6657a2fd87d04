import type { QueueIntegration } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadIntegration } from './queue-integration-view.js';

/** `GET /queueIntegration/{id}`: one of the company's integrations (another company's is 404). */
export function getQueueIntegration(ctx: Ctx, id: number) {
  return ctx.tenant((tx) => loadIntegration(tx, id));
}

wireMatches<Answer<typeof getQueueIntegration>, QueueIntegration>(true);
