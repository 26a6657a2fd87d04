import { eq } from 'drizzle-orm';
import type { ContactList, ContactListUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactLists } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadContactList } from './contact-list-view.js';
import { contactListEvents } from './contact-list-events.js';

/** `PUT /contact-lists/{id}`: its name. */
export function updateContactList(ctx: Ctx, id: number, input: ContactListUpdateBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .update(contactLists)
      .set({ ...(input.name !== undefined && { name: input.name }), updatedAt: new Date() })
      .where(eq(contactLists.id, id))
      .returning({ id: contactLists.id });
    if (!row) throw notFound('contact list');
    const list = (await loadContactList(tx, id))!;
    events.push(...contactListEvents.saved(actor.companyId, 'update', list));
    return list;
  });
}

wireMatches<Answer<typeof updateContactList>, ContactList>(true);
