import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { contacts, messages, tickets } from '../../db/schema/index.js';
import { messageUpdated } from './message-events.js';
import { SendError, type Channel } from '../../channels/channel.js';

/**
 * Deletes on WhatsApp, for everyone, the connection's sent messages that were deleted in Balcão
 * (`delete_requested_at` set), oldest first, then clears the request. A provider without the
 * operation (Cloud API) just clears it: the message stays deleted in Balcão only. A retryable
 * failure (session down) stops here and leaves the rest for the next drain; a delete WhatsApp
 * refuses is logged and dropped. Done twice (a crash before the clear), WhatsApp revokes twice:
 * harmless.
 */
export async function drainDeletes(
  deps: Deps,
  whatsappId: number,
  companyId: number,
  channel: Channel,
): Promise<{ retry: boolean }> {
  for (;;) {
    const [next] = await runTenant(deps, companyId, (tx) =>
      tx
        .select({ id: messages.id, externalId: messages.externalId, to: contacts.number, isGroup: contacts.isGroup })
        .from(messages)
        .innerJoin(tickets, eq(tickets.id, messages.ticketId))
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(and(eq(messages.whatsappId, whatsappId), isNotNull(messages.deleteRequestedAt)))
        .orderBy(asc(messages.id))
        .limit(1),
    );
    if (!next) return { retry: false };

    if (next.externalId && channel.deleteForEveryone) {
      try {
        await channel.deleteForEveryone({ to: next.to, isGroup: next.isGroup, externalId: next.externalId });
      } catch (err) {
        if (err instanceof SendError && err.retry) return { retry: true };
        deps.log.warn({ err, whatsappId, messageId: next.id }, 'WhatsApp refused to delete a sent message');
      }
    }
    await runTenant(deps, companyId, async (tx, events) => {
      const [row] = await tx
        .update(messages)
        .set({ deleteRequestedAt: null, updatedAt: sql`now()` })
        .where(eq(messages.id, next.id))
        .returning();
      if (row) events.push(await messageUpdated(tx, companyId, row));
    });
  }
}
