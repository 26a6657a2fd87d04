import { eq } from 'drizzle-orm';
import type { Ctx } from '../../platform/context.js';
import { contacts } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { contactEvents } from './contact-events.js';

/** `DELETE /contacts/{id}` (permission contacts-page:deleteContact): the company hears it. */
export async function deleteContact(ctx: Ctx, id: number) {
  const { companyId } = ctx.actor;
  await ctx.tenant(async (tx, events) => {
    const deleted = await tx.delete(contacts).where(eq(contacts.id, id)).returning({ id: contacts.id });
    if (deleted.length === 0) throw notFound('contact');
    events.push(contactEvents.deleted(companyId, id));
  });
}
