import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { channelKeys, whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import type { SessionAction } from '../../platform/sessions.js';
import { connectionEvents } from './connection-events.js';
import type { ConnectionSession } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * The connections page's session buttons. The request is recorded in the row (sessionWanted,
 * status) and announced; whichever process holds (or takes) the session acts on it.
 */
export async function sessionAction(ctx: Ctx, id: number, action: SessionAction) {
  const wanted = action !== 'logout';
  const session = await ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .update(whatsapps)
      .set({
        sessionWanted: wanted,
        status: wanted ? 'OPENING' : 'DISCONNECTED',
        qrcode: '',
        retries: 0,
        updatedAt: new Date(),
      })
      .where(eq(whatsapps.id, id))
      .returning({
        id: whatsapps.id,
        name: whatsapps.name,
        status: whatsapps.status,
        qrcode: whatsapps.qrcode,
        retries: whatsapps.retries,
        updatedAt: whatsapps.updatedAt,
      });
    if (!row) throw notFound('connection');
    // Disconnecting forgets the pairing even when no process holds the session right now.
    if (action === 'logout') await tx.delete(channelKeys).where(eq(channelKeys.whatsappId, id));
    events.push(connectionEvents.session(ctx.actor.companyId, row));
    return row;
  });
  await ctx.deps.sessions.request(id, action);
  return session;
}

wireMatches<Answer<typeof sessionAction>, ConnectionSession>(true);
