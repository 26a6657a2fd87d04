import { count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Invoice, InvoicePage, PageQuery } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { companies, invoices } from '../../db/schema/index.js';
import { likePattern, page, PAGE_SIZE } from '../../platform/pagination.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { selectInvoices } from './invoice-view.js';

/**
 * `GET /invoices` → `{invoices, count, hasMore}`: the caller's company's invoices whose detail or
 * id contains the search, newest due date first, 20 a page; `count` is every one matching.
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

/**
 * `GET /invoices/all`, the spec's call: the same page as a bare array. Its client iterates the
 * answer (and reads `hasMore` off it, which an array lacks: it shows the first page, newest first).
 */
export async function listInvoiceRows(ctx: Ctx, q: PageQuery) {
  return (await listInvoices(ctx, q)).invoices;
}

wireMatches<Answer<typeof listInvoices>, InvoicePage>(true);
wireMatches<Answer<typeof listInvoiceRows>, Invoice[]>(true);
