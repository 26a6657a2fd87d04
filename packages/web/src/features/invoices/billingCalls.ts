/**
 * The billing calls (contract "Invoices and payment"), with the session's token or — for an
 * expired company paying from the login page — the billing token its refused login carried.
 */
import { INVOICES_PAGE_SIZE, type Invoice, type InvoiceList, type SubscriptionCharge } from '@balcao/contracts';
import { api } from '../../lib/api';

/** A page of invoices as the list kit reads it. */
export interface InvoicePage {
  invoices: Invoice[];
  hasMore: boolean;
}

/** `GET /invoices/all` answers a bare array (the spec's client's shape): a full page may have a next. */
export const invoicePageOf = (rows: InvoiceList): InvoicePage => ({
  invoices: rows,
  hasMore: rows.length >= INVOICES_PAGE_SIZE,
});

export interface CheckoutAddress {
  firstName: string;
  lastName: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
  country: string;
  cpfCnpj: string;
}

export function billingCalls(billingToken?: string) {
  const opts = billingToken ? { bearer: billingToken } : undefined;
  return {
    invoices: async (pageNumber = 1, searchParam = ''): Promise<InvoicePage> =>
      invoicePageOf(await api.get<InvoiceList>('/invoices/all', { pageNumber, searchParam }, opts)),
    invoice: (id: number) => api.get<Invoice>(`/invoices/${id}`, undefined, opts),
    /** The PIX charge of an invoice: the server decides the value (the invoice's), never this call. */
    charge: (invoiceId: number, address: CheckoutAddress) =>
      api.post<SubscriptionCharge>('/subscription', { invoiceId, ...address }, opts),
  };
}

/** The invoice to pay: the unpaid one due first (an expired one before an open one), if any. */
export async function invoiceToPay(billingToken?: string): Promise<Invoice | null> {
  const calls = billingCalls(billingToken);
  const unpaid: Invoice[] = [];
  for (let page = 1; page <= 5; page++) {
    const answer = await calls.invoices(page);
    unpaid.push(...answer.invoices.filter((i) => i.status !== 'paid'));
    if (!answer.hasMore) break;
  }
  return unpaid.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id - b.id)[0] ?? null;
}
