import { eq } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import type { EventSink } from '../platform/context.js';
import { tickets } from '../db/schema/index.js';

/** Publishes a changed message to whoever may see its ticket (admins, its queue, its user). */
export async function pushMessageUpdate(
  tx: Tx,
  events: EventSink,
  companyId: number,
  message: { ticketId: number } & Record<string, unknown>,
) {
  const [ticket] = await tx
    .select({ queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(eq(tickets.id, message.ticketId));
  events.push({
    companyId,
    topic: 'appMessage',
    payload: { action: 'update', message },
    audience: { to: 'ticket', queueId: ticket?.queueId ?? null, userId: ticket?.userId ?? null },
  });
}
