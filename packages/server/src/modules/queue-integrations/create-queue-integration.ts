import type { QueueIntegration, QueueIntegrationBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadIntegration } from './queue-integration-view.js';
import { queueIntegrationEvents } from './queue-integration-events.js';
import { settleIntegration } from './integration-content.js';

/**
 * `POST /queueIntegration` (201): an integration checked against its type (integration-content.ts);
 * a webhook or n8n one gets its signing key here. The company's admins hear it.
 */
export function createQueueIntegration(ctx: Ctx, input: QueueIntegrationBody) {
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx, events) => {
    const values = await settleIntegration(tx, ctx.deps.config.OUTBOUND_ALLOWED_HOSTS, input);
    const [row] = await tx
      .insert(queueIntegrations)
      .values({ ...values, companyId })
      .returning({ id: queueIntegrations.id });
    const view = await loadIntegration(tx, row!.id);
    events.push(queueIntegrationEvents.saved(companyId, 'create', view));
    return view;
  });
}

wireMatches<Answer<typeof createQueueIntegration>, QueueIntegration>(true);
