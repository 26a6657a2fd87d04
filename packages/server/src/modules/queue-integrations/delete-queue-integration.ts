import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { queueIntegrations } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { holderUsers } from '../queues/holder-refs.js';
import { queueIntegrationEvents } from './queue-integration-events.js';

/**
 * `DELETE /queueIntegration/{id}` (204, as the house's deletes). The queues and connections that
 * used it are left without one, and tickets it held go to attendants (the foreign keys set null;
 * its sessions go with it): their lists hear the change.
 */
export async function deleteQueueIntegration(ctx: Ctx, id: number): Promise<void> {
  const { companyId } = ctx.actor;
  await ctx.tenant(async (tx, events) => {
    const users = await holderUsers(ctx, tx, 'integrationId', id);
    const gone = await tx
      .delete(queueIntegrations)
      .where(eq(queueIntegrations.id, id))
      .returning({ id: queueIntegrations.id });
    if (gone.length === 0) throw notFound('queue integration');
    events.push(queueIntegrationEvents.deleted(companyId, id));
    await users.announce(events);
  });
}
