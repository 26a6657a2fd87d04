import { z } from 'zod';
import { pageQuery, ref, text } from './common.js';

/**
 * Invoices and their payment (ARCHITECTURE.md, "Invoices and payment"): one invoice per company
 * and due date, paid by a PIX charge through the payment provider (Asaas); the value always
 * comes from the company's plan on the server.
 */

/** Stored: open or paid. Shown: paid; expired when unpaid past its due date; otherwise open. */
export const INVOICE_STATUSES = ['open', 'paid', 'expired'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/** The daily job issues the next invoice when the company's due date is this close. */
export const INVOICE_LEAD_DAYS = 20;

/** After a payment's success toast, the checkout goes home this much later (foundation §9). */
export const PAYMENT_REDIRECT_MS = 4_000;

/**
 * `GET /invoices/all`: the caller's company's invoices, newest due date first, `INVOICES_PAGE_SIZE`
 * a page, answered as a bare array (the spec's client iterates the answer itself). A full page
 * means another may follow; the spec's client reads the first page only (the newest 20).
 */
export const invoicesQuery = pageQuery;
export const INVOICES_PAGE_SIZE = 20;

export interface Invoice {
  id: number;
  detail: string;
  /** In BRL, e.g. 30 (two decimals at most). */
  value: number;
  /** A calendar day, `YYYY-MM-DD`. */
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** `GET /invoices/all`: one page of invoices, a bare array. */
export type InvoiceList = Invoice[];

const field = (max: number) => text().trim().max(max, 'tooLong');
const required = (max: number) => field(max).min(1, 'required');

/**
 * A zip code: a Brazilian CEP (8 digits, the hyphen optional), or the 5-digit (+4) form the spec's
 * checkout form has always accepted — its clients keep working.
 */
export const ZIPCODE = /^(?:\d{5}-?\d{3}|\d{5}(?:[-\s]\d{4})?)$/;

/**
 * `POST /subscription`: the spec's checkout payload. Only `invoiceId` decides what is charged (an
 * open invoice of the caller's company); the address names the payer, with the spec's address-step
 * rules (firstName, address, city, country and a valid zip code required). What else the spec's
 * client sends — `price`, `plan`, `users`, `connections`, card fields — is dropped unread, as any
 * key the schema does not name: the value is the invoice's, on the server, and the charge is PIX.
 */
export const subscriptionBody = z.object({
  invoiceId: ref('invoices'),
  firstName: required(100),
  lastName: field(100).optional().default(''),
  /** The address line (the spec's form names it address2). */
  address2: required(200),
  city: required(100),
  state: field(100).optional().default(''),
  zipcode: field(20).min(1, 'required').regex(ZIPCODE, 'invalidZipcode'),
  country: required(100),
  /** The payer's CPF or CNPJ, digits (the provider asks for it on a real account). */
  cpfCnpj: z
    .string()
    .max(14, 'invalidDocument')
    .regex(/^(\d{11}|\d{14})?$/, 'invalidDocument')
    .optional()
    .default(''),
  useAddressForPaymentDetails: z.boolean().optional(),
});
export type SubscriptionBody = z.infer<typeof subscriptionBody>;

/** The PIX charge: the copy-and-paste code (shown as a 256 px QR code too) and the value as "30.00". */
export interface SubscriptionCharge {
  qrcode: { qrcode: string };
  valor: { original: string };
}

/** `POST /api/webhooks/asaas` (header `asaas-access-token`): the events that pay an invoice. */
export const PAYMENT_PAID_EVENTS = ['PAYMENT_RECEIVED', 'PAYMENT_CONFIRMED'] as const;

export const asaasWebhookBody = z.object({
  event: text().max(100),
  payment: z
    .object({
      id: text().max(100),
      externalReference: text().max(100).nullable().optional(),
      value: z.number().optional(),
      status: text().max(100).optional(),
    })
    // Asaas sends the whole payment: what is not named here is dropped.
    .optional(),
});
export type AsaasWebhookBody = z.infer<typeof asaasWebhookBody>;
