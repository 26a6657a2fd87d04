import { and, eq, sql } from 'drizzle-orm';
import { PAYMENT_PAID_EVENTS, RECURRENCE_MONTHS, type AsaasWebhookBody } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runPlatform } from '../../platform/context.js';
import { companies, invoices } from '../../db/schema/index.js';
import { loadCompanies } from '../companies/serialize-company.js';
import { paymentEvents } from './payment-events.js';

export type Settlement =
  | { outcome: 'ignored'; event: string }
  | { outcome: 'unknown-payment'; paymentId: string }
  | { outcome: 'already-paid'; invoiceId: number }
  | { outcome: 'paid'; invoiceId: number; companyId: number; dueDate: string | null };

/**
 * A verified Asaas event (webhook-routes.ts checked its token). PAYMENT_RECEIVED and
 * PAYMENT_CONFIRMED pay the invoice the payment names (our charge's id, else its
 * externalReference, the invoice id), in one transaction: the invoice turns paid only if it was
 * open (`update … where status = 'open'`, the row lock making concurrent deliveries wait and then
 * find it paid), and only then does the company's due date move forward by its recurrence — from
 * the later of the old due date and now — and the payment event go out. So however often Asaas
 * delivers, one payment pays once and moves the date once. Anything else changes nothing.
 */
export async function settlePayment(deps: Deps, body: AsaasWebhookBody): Promise<Settlement> {
  if (!(PAYMENT_PAID_EVENTS as readonly string[]).includes(body.event) || !body.payment) {
    return { outcome: 'ignored', event: body.event };
  }
  const { id: paymentId, externalReference } = body.payment;
  return runPlatform(deps, async (tx, events) => {
    const reference = /^\d{1,10}$/.test(externalReference ?? '') ? Number(externalReference) : 0;
    const [target] = await tx
      .select({ id: invoices.id })
      .from(invoices)
      .where(sql`${invoices.providerPaymentId} = ${paymentId} or ${invoices.id} = ${reference}`)
      .orderBy(sql`${invoices.providerPaymentId} is not distinct from ${paymentId} desc`)
      .limit(1);
    if (!target) return { outcome: 'unknown-payment', paymentId } as const;
    const [paid] = await tx
      .update(invoices)
      .set({ status: 'paid', paidAt: new Date(), updatedAt: new Date() })
      .where(and(eq(invoices.id, target.id), eq(invoices.status, 'open')))
      .returning({ id: invoices.id, companyId: invoices.companyId });
    if (!paid) return { outcome: 'already-paid', invoiceId: target.id } as const;

    const [company] = await tx
      .select({ recurrence: companies.recurrence })
      .from(companies)
      .where(eq(companies.id, paid.companyId))
      .for('update');
    const months = RECURRENCE_MONTHS[company?.recurrence ?? 'MENSAL'] ?? 1;
    const [moved] = await tx
      .update(companies)
      .set({
        // Days in the company's zone; `greatest` skips a null due date (never due: from today).
        dueDate: sql`(greatest(${companies.dueDate}, (now() at time zone ${companies.timezone})::date) + make_interval(months => ${months}))::date`,
        updatedAt: new Date(),
      })
      .where(eq(companies.id, paid.companyId))
      .returning({ dueDate: companies.dueDate });
    const [view] = await loadCompanies(tx, paid.companyId, { profile: 'admin' });
    if (view) events.push(paymentEvents.concluded(view));
    return { outcome: 'paid', invoiceId: paid.id, companyId: paid.companyId, dueDate: moved?.dueDate ?? null } as const;
  });
}
