import { eq } from 'drizzle-orm';
import type { ContactBody, ContactUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { AppError, isUniqueViolation, notFound } from '../../platform/errors.js';
import { contactColumns, publishContact } from './contact-view.js';
import { storedNumber } from './phone-number.js';

const duplicated = () =>
  new AppError('ERR_DUPLICATED_CONTACT', 'A contact with this number already exists', {
    fields: { number: 'duplicated' },
  });

/** The unique index (company_id, number) is the check: its violation is a duplicate. */
async function unlessDuplicate<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (isUniqueViolation(err, 'contacts_company_number_key')) throw duplicated();
    throw err;
  }
}

export function createContact(ctx: Ctx, input: ContactBody) {
  const { companyId } = ctx.actor;
  const number = storedNumber(input.number);
  return unlessDuplicate(
    ctx.tenant(async (tx, events) => {
      const [contact] = await tx
        .insert(contacts)
        .values({ companyId, name: input.name, number, email: input.email, extraInfo: input.extraInfo })
        .returning(contactColumns);
      publishContact(events, companyId, contact!);
      return contact!;
    }),
  );
}

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
      publishContact(events, companyId, contact);
      return contact;
    }),
  );
}
