import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { contactListItems } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { contactListItemEvents } from './contact-list-events.js';

/** `DELETE /contact-list-items/{id}` (permission contacts-page:deleteContact, checked by the route). */
export function deleteContactListItem(ctx: Ctx, id: number) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .delete(contactListItems)
      .where(eq(contactListItems.id, id))
      .returning({ contactListId: contactListItems.contactListId });
    if (!row) throw notFound('contact list item');
    events.push(...contactListItemEvents.deleted(actor.companyId, row.contactListId, id));
  });
}
