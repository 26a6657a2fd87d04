import { eq } from 'drizzle-orm';
import type { ContactListItem, ContactListItemUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactListItems } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { storedNumber } from '../contacts/phone-number.js';
import { loadContactListItem } from './contact-list-view.js';
import { contactListItemEvents } from './contact-list-events.js';
import { mapDuplicate } from './duplicated-contact.js';

/**
 * `PUT /contact-list-items/{id}`: only the fields given change. A new number is read again and
 * may not be another item's of the list (409); its WhatsApp validity is then unknown again.
 */
export function updateContactListItem(ctx: Ctx, id: number, input: ContactListItemUpdateBody) {
  const { actor } = ctx;
  const number = input.number !== undefined ? storedNumber(input.number) : undefined;
  return ctx
    .tenant(async (tx, events) => {
      const [current] = await tx
        .select({ number: contactListItems.number })
        .from(contactListItems)
        .where(eq(contactListItems.id, id))
        .for('update');
      if (!current) throw notFound('contact list item');
      const numberChanged = number !== undefined && number !== current.number;
      await tx
        .update(contactListItems)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.email !== undefined && { email: input.email }),
          ...(numberChanged && { number, isWhatsappValid: null }),
          updatedAt: new Date(),
        })
        .where(eq(contactListItems.id, id));
      const item = (await loadContactListItem(tx, id))!;
      events.push(...contactListItemEvents.saved(actor.companyId, 'update', item));
      return item;
    })
    .catch(mapDuplicate);
}

wireMatches<Answer<typeof updateContactListItem>, ContactListItem>(true);
