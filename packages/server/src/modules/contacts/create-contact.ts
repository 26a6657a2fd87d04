import type { Contact, ContactBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { contactColumns } from './contact-view.js';
import { contactEvents } from './contact-events.js';
import { storedNumber } from './phone-number.js';
import { unlessDuplicate } from './duplicate-contact.js';

/** `POST /contacts`: any staff member adds a contact; its number is stored in international form. */
export function createContact(ctx: Ctx, input: ContactBody) {
  const { companyId } = ctx.actor;
  const number = storedNumber(input.number);
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const [contact] = await tx
        .insert(contacts)
        .values({ companyId, name: input.name, number, email: input.email, extraInfo: input.extraInfo })
        .returning(contactColumns);
      events.push(contactEvents.updated(companyId, contact!));
      return contact!;
    }),
  );
}

wireMatches<Answer<typeof createContact>, Contact>(true);
