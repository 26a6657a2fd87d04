import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { InvoicePage, PageQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { companies, invoices } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectInvoices } from './invoice-view.js';

/**
 * `GET /invoices/all` → `{invoices, count, hasMore}`: the caller's company's invoices whose detail
 * or id contains the search, newest due date first, 20 a page; `count` is every one matching.
 */
export function listInvoices(ctx: Ctx, q: PageQuery) {
  return ctx.tenant(async (tx) => {
    const pattern = q.searchParam ? likePattern(q.searchParam) : undefined;
    const where: SQL | undefined = pattern
      ? or(ilike(invoices.detail, pattern), ilike(sql`${invoices.id}::text`, pattern))
      : undefined;
    const rows = await selectInvoices(tx)
      .where(where)
      .orderBy(desc(invoices.dueDate), desc(invoices.id))
      .limit(PAGE_SIZE + 1)
      .offset((q.pageNumber - 1) * PAGE_SIZE);
    const [total] = await tx
      .select({ n: count() })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(where);
    const { records, hasMore } = page(rows);
    return { invoices: records, count: total?.n ?? 0, hasMore };
  });
}

wireMatches<Answer<typeof listInvoices>, InvoicePage>(true);
