import { eq, sql } from 'drizzle-orm';
import type { Invoice, InvoiceStatus } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { companies, invoices } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { wireMatches } from '../../platform/wire.js';

/**
 * The status shown (foundation §4): paid; expired when unpaid and its due day is before today in
 * the company's time zone; otherwise open. Stored, an invoice is only open or paid.
 */
const shownStatus = sql<InvoiceStatus>`case
  when ${invoices.status} = 'paid' then 'paid'
  when ${invoices.dueDate} < (now() at time zone ${companies.timezone})::date then 'expired'
  else 'open' end`;

export const invoiceColumns = {
  id: invoices.id,
  detail: invoices.detail,
  value: invoices.value,
  dueDate: invoices.dueDate,
  status: shownStatus,
  paidAt: invoices.paidAt,
  createdAt: invoices.createdAt,
  updatedAt: invoices.updatedAt,
};

/** The select of invoices as shown (row-level security keeps it to the caller's company). */
export const selectInvoices = (tx: Tx) =>
  tx.select(invoiceColumns).from(invoices).innerJoin(companies, eq(companies.id, invoices.companyId));

export type InvoiceView = Awaited<ReturnType<ReturnType<typeof selectInvoices>['execute']>>[number];

/** One invoice of the company as shown, else 404 (another company's too). */
export async function loadInvoice(tx: Tx, id: number): Promise<InvoiceView> {
  const [row] = await selectInvoices(tx).where(eq(invoices.id, id));
  if (!row) throw notFound('invoice');
  return row;
}

wireMatches<InvoiceView, Invoice>(true);
