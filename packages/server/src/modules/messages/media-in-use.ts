import { and, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { messages } from '../../db/schema/index.js';

/**
 * Of these storage keys, those no message shows. A file that a file list, campaign or schedule
 * lets go stays in storage while a message of some conversation still points to it (campaigns
 * and schedules send their files by key, without copies).
 */
export async function unusedByMessages(tx: Tx, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const used = await tx
    .selectDistinct({ key: messages.mediaUrl })
    .from(messages)
    .where(and(isNotNull(messages.mediaUrl), inArray(messages.mediaUrl, [...keys])));
  const inUse = new Set(used.map((u) => u.key));
  return keys.filter((k) => !inUse.has(k));
}
