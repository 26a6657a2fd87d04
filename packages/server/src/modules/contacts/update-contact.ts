import { eq } from 'drizzle-orm';
import type { Contact, ContactUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { contactColumns } from './contact-view.js';
import { contactEvents } from './contact-events.js';
import { storedNumber } from './phone-number.js';
import { unlessDuplicate } from './duplicate-contact.js';

/** `PUT /contacts/{id}`: the fields given; any staff member edits a contact. */
export function updateContact(ctx: Ctx, id: number, input: ContactUpdateBody) {
  const { companyId } = ctx.actor;
  const number = input.number === undefined ? undefined : storedNumber(input.number);
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const [contact] = await tx
        .update(contacts)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(number !== undefined && { number }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.extraInfo !== undefined && { extraInfo: input.extraInfo }),
          updatedAt: new Date(),
        })
        .where(eq(contacts.id, id))
        .returning(contactColumns);
      if (!contact) throw notFound('contact');
      events.push(contactEvents.updated(companyId, contact));
      return contact;
    }),
  );
}

wireMatches<Answer<typeof updateContact>, Contact>(true);
