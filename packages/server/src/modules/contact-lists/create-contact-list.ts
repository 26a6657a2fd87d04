import type { ContactList, ContactListBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactLists } from '../../db/schema/index.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { loadContactList } from './contact-list-view.js';
import { contactListEvents } from './contact-list-events.js';

/** `POST /contact-lists`: an empty list of the caller's company. */
export function createContactList(ctx: Ctx, input: ContactListBody) {
  const { actor } = ctx;
  return ctx.tenant(async (tx, events) => {
    const [row] = await tx
      .insert(contactLists)
      .values({ companyId: actor.companyId, name: input.name })
      .returning({ id: contactLists.id });
    const list = (await loadContactList(tx, row!.id))!;
    events.push(...contactListEvents.saved(actor.companyId, 'create', list));
    return list;
  });
}

wireMatches<Answer<typeof createContactList>, ContactList>(true);
