import type { Deps } from '../platform/context.js';
import type { InboundMessage } from '../channels/channel.js';
import { extensionFor, sanitizeFileName, type Storage } from '../platform/storage.js';
import { reactToBatch, receiveBatch } from './receive-batch.js';

export interface ConnectionRef {
  id: number;
  companyId: number;
}

export type Received =
  { stored: true; messageId: number; ticketId: number } | { stored: false; reason: 'duplicate' | 'ignored' };

/**
 * Stores one inbound message (a session provider's: beta, sandbox) exactly once, with its
 * contact and ticket, publishes it, then lets what reacts to it run (`afterReceive`). The same
 * statements as a Cloud API delivery (receive-batch.ts: one set of rules for both); resolves once
 * the reactions are done, so a provider's messages are handled in their order.
 */
export async function receiveMessage(
  deps: Deps,
  conn: ConnectionRef,
  msg: InboundMessage,
  opts: { ignoreGroups?: boolean } = {},
): Promise<Received> {
  if (opts.ignoreGroups && msg.isGroup) return { stored: false, reason: 'ignored' };
  const media = msg.media ? await saveMedia(deps.storage, conn.companyId, msg.media) : undefined;
  const items = [{ conn, msg, media }];
  const results = await receiveBatch(deps, conn.companyId, items);
  await reactToBatch(deps, items, results);
  const received = results[0]!;
  return received.stored ? { stored: true, messageId: received.messageId, ticketId: received.ticketId } : received;
}

export async function saveMedia(storage: Storage, companyId: number, media: NonNullable<InboundMessage['media']>) {
  const data = await media.download();
  const key = await storage.put(companyId, data, extensionFor(media.mimetype, media.fileName));
  return { key, name: sanitizeFileName(media.fileName, key.split('/').pop()) };
}
