import { asc, count, ilike } from 'drizzle-orm';
import type { ContactListOption, ContactListPage, ContactListsQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contactLists } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { contactListColumns } from './contact-list-view.js';

/** `GET /contact-lists` → `{records, count, hasMore}`: by name, 20 a page, each with its `contactsCount`. */
export function listContactLists(ctx: Ctx, q: ContactListsQuery) {
  return ctx.tenant(async (tx) => {
    const where = q.searchParam ? ilike(contactLists.name, likePattern(q.searchParam)) : undefined;
    const rows = await tx
      .select(contactListColumns)
      .from(contactLists)
      .where(where)
      .orderBy(asc(contactLists.name), asc(contactLists.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx.select({ n: count() }).from(contactLists).where(where);
    const { records, hasMore } = page(rows);
    return { records, count: total?.n ?? 0, hasMore };
  });
}

/** `GET /contact-lists/list`: every list of the company, by name. */
export function contactListOptions(ctx: Ctx) {
  return ctx.tenant((tx) =>
    tx
      .select({ id: contactLists.id, name: contactLists.name })
      .from(contactLists)
      .orderBy(asc(contactLists.name), asc(contactLists.id)),
  );
}

wireMatches<Answer<typeof listContactLists>, ContactListPage>(true);
wireMatches<Awaited<ReturnType<typeof contactListOptions>>, ContactListOption[]>(true);
