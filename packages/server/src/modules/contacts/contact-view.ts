import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts } from '../../db/schema/index.js';
import type { Contact } from '@balcao/contracts';
import { wireMatches } from '../../platform/wire.js';

/** Contacts as the API shows them (the device id `lid` stays inside). */
export const contactColumns = {
  id: contacts.id,
  name: contacts.name,
  number: contacts.number,
  email: contacts.email,
  profilePicUrl: contacts.profilePicUrl,
  isGroup: contacts.isGroup,
  extraInfo: contacts.extraInfo,
  whatsappId: contacts.whatsappId,
  createdAt: contacts.createdAt,
  updatedAt: contacts.updatedAt,
};

/** One contact of the caller's company (row-level security hides the others), or undefined. */
export async function loadContact(tx: Tx, id: number) {
  const [row] = await tx.select(contactColumns).from(contacts).where(eq(contacts.id, id));
  return row;
}

export type ContactView = NonNullable<Awaited<ReturnType<typeof loadContact>>>;

/** A stored contact row as the API shows it. */
export function contactView(row: typeof contacts.$inferSelect): ContactView {
  const { id, name, number, email, profilePicUrl, isGroup, extraInfo, whatsappId, createdAt, updatedAt } = row;
  return { id, name, number, email, profilePicUrl, isGroup, extraInfo, whatsappId, createdAt, updatedAt };
}

wireMatches<ContactView, Contact>(true);
