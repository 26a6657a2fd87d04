import { and, asc, eq, sql } from 'drizzle-orm';
import type { ContactList, ContactListItem } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { contactListItems, contactLists } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { PAGE_SIZE } from '../../platform/pagination.js';
import { wireMatches } from '../../platform/wire.js';

/** A list as the API shows it: its fields and how many items it holds. */
export const contactListColumns = {
  id: contactLists.id,
  name: contactLists.name,
  // Spelled out: inside a select of one table drizzle leaves column names unqualified, and "id"
  // would name the item's own id here.
  contactsCount: sql<number>`(
    select count(*)::int from contact_list_items i where i.contact_list_id = "contact_lists"."id"
  )`,
  createdAt: contactLists.createdAt,
  updatedAt: contactLists.updatedAt,
};

/** One list of the caller's company (row-level security hides the others), or undefined. */
export async function loadContactList(tx: Tx, id: number) {
  const [row] = await tx.select(contactListColumns).from(contactLists).where(eq(contactLists.id, id));
  return row;
}
export type ContactListView = NonNullable<Awaited<ReturnType<typeof loadContactList>>>;

/**
 * The list, held against a delete until the transaction ends (`for key share`): items written in
 * it cannot lose their list. 404 when it is not the company's.
 */
export async function holdContactList(tx: Tx, id: number): Promise<void> {
  const [row] = await tx
    .select({ id: contactLists.id })
    .from(contactLists)
    .where(eq(contactLists.id, id))
    .for('key share');
  if (!row) throw notFound('contact list');
}

export const contactListItemColumns = {
  id: contactListItems.id,
  name: contactListItems.name,
  number: contactListItems.number,
  email: contactListItems.email,
  isWhatsappValid: contactListItems.isWhatsappValid,
  companyId: contactListItems.companyId,
  contactListId: contactListItems.contactListId,
  createdAt: contactListItems.createdAt,
  updatedAt: contactListItems.updatedAt,
};

export async function loadContactListItem(tx: Tx, id: number) {
  const [row] = await tx
    .select(contactListItemColumns)
    .from(contactListItems)
    .where(and(eq(contactListItems.id, id)));
  return row;
}
export type ContactListItemView = NonNullable<Awaited<ReturnType<typeof loadContactListItem>>>;

wireMatches<ContactListView, ContactList>(true);
wireMatches<ContactListItemView, ContactListItem>(true);

/** The list's first page as `GET /contact-list-items` answers it unsearched (by name, 20). */
export function loadFirstPage(tx: Tx, contactListId: number): Promise<ContactListItemView[]> {
  return tx
    .select(contactListItemColumns)
    .from(contactListItems)
    .where(eq(contactListItems.contactListId, contactListId))
    .orderBy(asc(contactListItems.name), asc(contactListItems.id))
    .limit(PAGE_SIZE);
}
