import { and, eq } from 'drizzle-orm';
import type { proto } from '@whiskeysockets/baileys';
import { inTenant } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';
import type { Deps } from '../../platform/context.js';
import type { AuthRef } from './auth-state.js';

/**
 * The text of a stored message as WhatsApp content: what Baileys resends when a recipient asks
 * for a message again, and what a quote shows when the quoted message is no longer in memory.
 */
export async function storedContent(
  deps: Deps,
  conn: AuthRef,
  externalId: string | null | undefined,
): Promise<proto.IMessage | undefined> {
  if (!externalId) return undefined;
  const [row] = await inTenant(deps.pools.db, conn.companyId, (tx) =>
    tx
      .select({ body: messages.body })
      .from(messages)
      .where(and(eq(messages.whatsappId, conn.id), eq(messages.externalId, externalId)))
      .limit(1),
  );
  return row ? { conversation: row.body } : undefined;
}
