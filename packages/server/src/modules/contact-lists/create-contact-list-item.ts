import type { ContactListItem, ContactListItemBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactListItems, contactLists } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { storedNumber } from '../contacts/phone-number.js';
import { holdContactList, loadContactListItem } from './contact-list-view.js';
import { contactListItemEvents } from './contact-list-events.js';
import { duplicatedContact } from './duplicated-contact.js';

/**
 * `POST /contact-list-items`: one person in one of the company's lists (another company's list:
 * 400 naming `contactListId`). The number is stored as E.164 digits, once per list (409).
 */
export function createContactListItem(ctx: Ctx, input: ContactListItemBody) {
  const { actor } = ctx;
  const number = storedNumber(input.number);
  return ctx.tenant(async (tx, events) => {
    await ownRows(tx, contactLists, [input.contactListId], 'contactListId');
    await holdContactList(tx, input.contactListId);
    const [row] = await tx
      .insert(contactListItems)
      .values({
        companyId: actor.companyId,
        contactListId: input.contactListId,
        name: input.name,
        number,
        email: input.email,
      })
      .onConflictDoNothing()
      .returning({ id: contactListItems.id });
    if (!row) throw duplicatedContact();
    const item = (await loadContactListItem(tx, row.id))!;
    events.push(...contactListItemEvents.saved(actor.companyId, 'create', item));
    return item;
  });
}

wireMatches<Answer<typeof createContactListItem>, ContactListItem>(true);
