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

/** `GET /invoices/all`: the caller's company's invoices, newest due date first. */
export const invoicesQuery = pageQuery;

export interface Invoice {
  id: number;
  detail: string;
  /** In BRL, e.g. 30 (two decimals at most). */
  value: number;
  dueDate: string;
  status: InvoiceStatus;
  paidAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface InvoicePage {
  invoices: Invoice[];
  count: number;
  hasMore: boolean;
}

const field = (max: number) => text().trim().max(max, 'tooLong');

/**
 * `POST /subscription`: the spec's checkout payload. Only `invoiceId` decides what is charged (an
 * open invoice of the caller's company); the address names the payer; `price`, `plan`, `users`,
 * `connections` are accepted and ignored (the value is the plan's, on the server); card fields are
 * never stored (the charge is PIX).
 */
export const subscriptionBody = z.object({
  invoiceId: ref('invoices'),
  firstName: field(100).min(1, 'required'),
  lastName: field(100).optional().default(''),
  address2: field(200).optional().default(''),
  city: field(100).optional().default(''),
  state: field(100).optional().default(''),
  zipcode: field(20).optional().default(''),
  country: field(100).optional().default(''),
  /** The payer's CPF or CNPJ, digits (the provider asks for it on a real account). */
  cpfCnpj: z
    .string()
    .regex(/^(\d{11}|\d{14})?$/, 'invalidDocument')
    .optional()
    .default(''),
  useAddressForPaymentDetails: z.boolean().optional(),
  nameOnCard: z.unknown().optional(),
  cardNumber: z.unknown().optional(),
  cvv: z.unknown().optional(),
  plan: z.unknown().optional(),
  price: z.unknown().optional(),
  users: z.unknown().optional(),
  connections: z.unknown().optional(),
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
    .loose()
    .optional(),
});
export type AsaasWebhookBody = z.infer<typeof asaasWebhookBody>;
