import { eq, inArray } from 'drizzle-orm';
import type { Ctx, EventSink } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { prompts, queueIntegrations, queues, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { loadConnection } from '../connections/connection-view.js';
import { connectionEvents } from '../connections/connection-events.js';
import { queueColumns } from './queue-view.js';
import { queueEvents } from './queue-events.js';

// A queue's or a connection's integration and prompt (what holds its tickets before an attendant).

/** The integration and prompt a queue or connection is given must be the company's (400 naming them). */
export async function assertHolders(tx: Tx, input: { integrationId?: number | null; promptId?: number | null }) {
  await ownRows(tx, queueIntegrations, [input.integrationId], 'integrationId');
  await ownRows(tx, prompts, [input.promptId], 'promptId');
}

/**
 * The queues and connections that name an integration or a prompt about to be deleted, locked.
 * Once it is gone (their field set null by the foreign key), `announce` tells their lists: the
 * company hears the queues, the admins the connections.
 */
export async function holderUsers(ctx: Ctx, tx: Tx, field: 'integrationId' | 'promptId', id: number) {
  const queueIds = (await tx.select({ id: queues.id }).from(queues).where(eq(queues[field], id)).for('update')).map(
    (q) => q.id,
  );
  const connectionIds = (
    await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps[field], id)).for('update')
  ).map((w) => w.id);
  const { companyId } = ctx.actor;
  return {
    async announce(events: EventSink) {
      if (queueIds.length > 0) {
        for (const queue of await tx.select(queueColumns).from(queues).where(inArray(queues.id, queueIds)))
          events.push(queueEvents.saved(companyId, 'update', queue));
      }
      for (const connectionId of connectionIds) {
        const view = await loadConnection(tx, connectionId, ctx.actor);
        if (view) events.push(connectionEvents.saved(companyId, view));
      }
    },
  };
}
