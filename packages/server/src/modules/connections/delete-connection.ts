import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { lockCompany, makeDefault } from './connection-writes.js';
import { connectionEvents } from './connection-events.js';

/**
 * `DELETE /whatsapp/{id}`. Deleting the default connection hands the default to the oldest remaining one. The session is
 * logged out first (while the channel still has its auth state), but only once the connection is
 * known to be the caller's company's: another company's id answers 404 and touches nothing.
 */
export async function deleteConnection(ctx: Ctx, id: number) {
  // Not wanted any more: the registry stops it after the logout instead of starting it again.
  const [mine] = await ctx.tenant((tx) =>
    tx.update(whatsapps).set({ sessionWanted: false }).where(eq(whatsapps.id, id)).returning({ id: whatsapps.id }),
  );
  if (!mine) throw notFound('connection');
  await ctx.deps.sessions.request(id, 'logout');
  await ctx.tenant(async (tx, events) => {
    await lockCompany(tx);
    const [gone] = await tx.delete(whatsapps).where(eq(whatsapps.id, id)).returning();
    if (!gone) throw notFound('connection');
    if (gone.isDefault) {
      const [next] = await tx.select({ id: whatsapps.id }).from(whatsapps).orderBy(whatsapps.id).limit(1);
      if (next) await makeDefault(tx, next.id);
    }
    events.push(connectionEvents.deleted(ctx.actor.companyId, id));
  });
}
