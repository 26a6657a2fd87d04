import { eq } from 'drizzle-orm';
import type { QueueIntegration, QueueIntegrationUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadIntegration, lockIntegration } from './queue-integration-view.js';
import { queueIntegrationEvents } from './queue-integration-events.js';
import { settleIntegration } from './integration-content.js';

/**
 * `PUT /queueIntegration/{id}`: the fields given change, and the whole that results is checked
 * against its type again (a type changed alone must still find what it needs). A service
 * account sent back with its key masked keeps the stored key.
 */
export function updateQueueIntegration(ctx: Ctx, id: number, input: QueueIntegrationUpdateBody) {
  const { companyId } = ctx.actor;
  return ctx.tenant(async (tx, events) => {
    const {
      id: _id,
      companyId: _company,
      createdAt: _created,
      updatedAt: _updated,
      ...stored
    } = await lockIntegration(tx, id);
    const given = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const values = await settleIntegration(tx, ctx.deps.config.OUTBOUND_ALLOWED_HOSTS, { ...stored, ...given }, stored);
    await tx
      .update(queueIntegrations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(queueIntegrations.id, id));
    const view = await loadIntegration(tx, id);
    events.push(queueIntegrationEvents.saved(companyId, 'update', view));
    return view;
  });
}

wireMatches<Answer<typeof updateQueueIntegration>, QueueIntegration>(true);
