import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { messages } from '../db/schema/index.js';
import { messageUpdated } from '../modules/messages/message-events.js';
import type { ConnectionRef, MessageUpdate } from '../channels/channel.js';

/** Edits and deletions made on WhatsApp show as isEdited / isDeleted; reactions are kept in data (one per person). */
export async function applyUpdate(deps: Deps, conn: ConnectionRef, update: MessageUpdate): Promise<boolean> {
  return runTenant(deps, conn.companyId, async (tx, events) => {
    const where = and(eq(messages.whatsappId, conn.id), eq(messages.externalId, update.externalId));
    const set =
      update.kind === 'edit'
        ? { body: update.body, isEdited: true }
        : update.kind === 'delete'
          ? { isDeleted: true }
          : {
              // One reaction per person (WhatsApp's rule): a new one replaces theirs, an empty one
              // removes it — so a reaction delivered twice is kept once.
              data: sql`jsonb_set(coalesce(${messages.data}, '{}'::jsonb), '{reactions}',
                coalesce((select jsonb_agg(r) from jsonb_array_elements(coalesce(${messages.data}->'reactions', '[]'::jsonb)) r
                          where r->>'from' is distinct from ${update.from}), '[]'::jsonb)
                || ${JSON.stringify(update.emoji ? [{ emoji: update.emoji, from: update.from }] : [])}::jsonb)`,
            };
    const [row] = await tx
      .update(messages)
      .set({ ...set, updatedAt: sql`now()` })
      .where(where)
      .returning();
    if (!row) return false;
    events.push(await messageUpdated(tx, conn.companyId, row));
    return true;
  });
}
