import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { messages } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { findVisibleTicket } from '../tickets/visible-ticket.js';
import { MissingObject } from '../../platform/storage.js';

/**
 * `GET /messages/{id}/media`: a message's file, for whoever may see its ticket (anyone else,
 * and another company, 404). A message's `mediaUrl` is the storage key; this is its address.
 */
export async function messageFile(ctx: Ctx, id: number) {
  const row = await ctx.tenant(async (tx) => {
    const [message] = await tx
      .select({ ticketId: messages.ticketId, key: messages.mediaUrl, name: messages.mediaName })
      .from(messages)
      .where(eq(messages.id, id));
    if (!message?.key) throw notFound('media');
    await findVisibleTicket(tx, ctx.actor, message.ticketId);
    return { ...message, key: message.key };
  });
  const data = await ctx.deps.storage.get(row.key).catch((err: unknown) => {
    // A storage outage is an error to see in the logs, not a missing file.
    throw err instanceof MissingObject ? notFound('media') : err;
  });
  return { key: row.key, name: row.name ?? row.key.split('/').pop()!, data };
}
