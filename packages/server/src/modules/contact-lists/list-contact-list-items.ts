import { and, asc, count, eq, ilike, or } from 'drizzle-orm';
import type { ContactListItemPage, ContactListItemsQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactListItems } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { contactListItemColumns, holdContactList } from './contact-list-view.js';

/**
 * `GET /contact-list-items?contactListId=` → `{contacts, count, hasMore}`: the list's items whose
 * name, number or email contains the search, by name, 20 a page. Another company's list: 404.
 */
export function listContactListItems(ctx: Ctx, q: ContactListItemsQuery) {
  return ctx.tenant(async (tx) => {
    await holdContactList(tx, q.contactListId);
    const pattern = q.searchParam ? likePattern(q.searchParam) : undefined;
    const where = and(
      eq(contactListItems.contactListId, q.contactListId),
      pattern
        ? or(
            ilike(contactListItems.name, pattern),
            ilike(contactListItems.number, pattern),
            ilike(contactListItems.email, pattern),
          )
        : undefined,
    );
    const rows = await tx
      .select(contactListItemColumns)
      .from(contactListItems)
      .where(where)
      .orderBy(asc(contactListItems.name), asc(contactListItems.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(contactListItems).where(where);
    const { records, hasMore } = page(rows);
    return { contacts: records, count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listContactListItems>, ContactListItemPage>(true);
