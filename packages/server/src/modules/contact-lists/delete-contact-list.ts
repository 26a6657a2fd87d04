import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { contactLists } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { contactListEvents } from './contact-list-events.js';

/** `DELETE /contact-lists/{id}`: the list and its items (foreign key cascade). */
export function deleteContactList(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx.delete(contactLists).where(eq(contactLists.id, id)).returning({ id: contactLists.id });
    if (!row) throw notFound('contact list');
    events.push(...contactListEvents.deleted(actor.companyId, id));
  });
}
