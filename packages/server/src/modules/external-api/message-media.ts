import { and, eq } from 'drizzle-orm';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import { messages, tickets } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { MissingObject } from '../../platform/storage.js';
import type { ApiConnection } from './authenticate.js';

/** The path of a message's file for the external API's token (a webhook delivery's `mediaUrl`). */
export const externalMediaPath = (messageId: number) => `/api/messages/media/${messageId}`;

/**
 * `GET /api/messages/media/{id}` with a connection's token: the file of a message of that
 * connection's conversations — what a webhook or n8n receiver fetches for a customer's image or
 * voice note. Any other message (another connection's, another company's, none) is 404.
 */
export async function externalMessageFile(deps: Deps, conn: ApiConnection, id: number) {
  const row = await runTenant(deps, conn.companyId, async (tx) => {
    const [found] = await tx
      .select({ key: messages.mediaUrl, name: messages.mediaName })
      .from(messages)
      .innerJoin(tickets, eq(tickets.id, messages.ticketId))
      .where(and(eq(messages.id, id), eq(tickets.whatsappId, conn.whatsappId)));
    if (!found?.key) throw notFound('media');
    return { key: found.key, name: found.name };
  });
  const data = await deps.storage.get(row.key).catch((err: unknown) => {
    throw err instanceof MissingObject ? notFound('media') : err;
  });
  return { key: row.key, name: row.name ?? row.key.split('/').pop()!, data };
}
