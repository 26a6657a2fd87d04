import { desc, ilike, or, sql, type SQL } from 'drizzle-orm';
import { INVOICES_PAGE_SIZE, type InvoiceList, type PageQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { invoices } from '../../db/schema/index.js';
import { likePattern } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectInvoices } from './invoice-view.js';

/**
 * `GET /invoices/all` → a bare array: the caller's company's invoices whose detail or id contains
 * the search, newest due date first, `INVOICES_PAGE_SIZE` a page (a full page: ask the next).
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
      .limit(INVOICES_PAGE_SIZE)
      .offset((q.pageNumber - 1) * INVOICES_PAGE_SIZE);
    return rows;
  });
}

wireMatches<Answer<typeof listInvoices>, InvoiceList>(true);
