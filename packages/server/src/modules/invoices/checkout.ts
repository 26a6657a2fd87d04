import { eq, sql } from 'drizzle-orm';
import type { SubscriptionBody, SubscriptionCharge } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { companies, invoices } from '../../db/schema/index.js';
import { AppError, notFound } from '../../platform/errors.js';
import { PaymentProviderError } from '../../platform/payments/payment-provider.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { billingProvider } from './billing-provider.js';

/** The invoice to charge, its company's billing email, and the day the charge falls due. */
async function readInvoice(tx: Tx, id: number, lock: boolean) {
  const query = tx
    .select({
      id: invoices.id,
      detail: invoices.detail,
      value: invoices.value,
      status: invoices.status,
      providerPaymentId: invoices.providerPaymentId,
      pixCode: invoices.pixCode,
      email: companies.email,
      companyName: companies.name,
      // Providers refuse a due date in the past: an overdue invoice is charged for today.
      chargeDue: sql<string>`greatest(${invoices.dueDate}, (now() at time zone ${companies.timezone})::date)::text`,
    })
    .from(invoices)
    .innerJoin(companies, eq(companies.id, invoices.companyId))
    .where(eq(invoices.id, id));
  const [row] = lock ? await query.for('update', { of: invoices }) : await query;
  if (!row) throw notFound('invoice');
  if (row.status === 'paid') throw new AppError('ERR_INVOICE_PAID', 'This invoice is already paid');
  return row;
}

type InvoiceRow = Awaited<ReturnType<typeof readInvoice>>;

const answer = (row: Pick<InvoiceRow, 'value'>, pixCode: string) => ({
  qrcode: { qrcode: pixCode },
  valor: { original: Number(row.value).toFixed(2) },
});

/**
 * `POST /subscription`: the PIX charge of an open invoice of the caller's company. What is charged
 * is the invoice's value, set from the plan when it was issued; the request's `price`, `plan` and
 * the like are never read. An invoice charged before answers that charge again (no second charge
 * at the provider); two checkouts at once are serialised on the invoice's row, so only one makes
 * the charge. The provider's refusal or silence is a 502 ERR_PAYMENT_PROVIDER, nothing stored.
 */
export async function checkout(ctx: Ctx, body: SubscriptionBody) {
  const seen = await ctx.tenant((tx) => readInvoice(tx, body.invoiceId, false));
  if (seen.providerPaymentId && seen.pixCode) return answer(seen, seen.pixCode);
  const provider = await billingProvider(ctx.deps);
  return ctx.tenant(async (tx) => {
    const row = await readInvoice(tx, body.invoiceId, true);
    if (row.providerPaymentId && row.pixCode) return answer(row, row.pixCode);
    let charge;
    try {
      charge = await provider.createCharge({
        customer: {
          name: `${body.firstName} ${body.lastName}`.trim(),
          email: row.email,
          cpfCnpj: body.cpfCnpj || undefined,
          postalCode: body.zipcode.replace(/\D/g, ''),
          address: body.address2,
        },
        value: Number(row.value),
        dueDate: row.chargeDue,
        externalReference: String(row.id),
        description: `${row.companyName}: ${row.detail}`.slice(0, 500),
      });
    } catch (err) {
      if (!(err instanceof PaymentProviderError)) throw err;
      ctx.deps.log.warn({ invoiceId: row.id, err: err.message, ...err.detail }, 'payment provider refused a charge');
      const why = err.detail.errors?.length ? `: ${err.detail.errors.join('; ')}` : '';
      throw new AppError('ERR_PAYMENT_PROVIDER', `The payment provider did not create the charge${why}`);
    }
    await tx
      .update(invoices)
      .set({ providerPaymentId: charge.paymentId, pixCode: charge.pixCode, updatedAt: new Date() })
      .where(eq(invoices.id, row.id));
    return answer(row, charge.pixCode);
  });
}

wireMatches<Answer<typeof checkout>, SubscriptionCharge>(true);
