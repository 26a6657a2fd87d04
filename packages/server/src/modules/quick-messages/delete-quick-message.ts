import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { quickMessages } from '../../db/schema/index.js';
import { findEditable } from './quick-message-view.js';
import { quickMessageEvents } from './quick-message-events.js';
import { removeStoredFile } from './quick-message-media.js';

/** `DELETE /quick-messages/{id}` by its owner or an admin; its attachment leaves storage after commit. */
export async function deleteQuickMessage(ctx: Ctx, id: number): Promise<void> {
  const { actor } = ctx;
  const mediaPath = await ctx.tenant(async (tx, events) => {
    const row = await findEditable(tx, actor, id);
    await tx.delete(quickMessages).where(eq(quickMessages.id, id));
    events.push(quickMessageEvents.deleted(actor.companyId, row));
    return row.mediaPath;
  });
  await removeStoredFile(ctx, mediaPath);
}
