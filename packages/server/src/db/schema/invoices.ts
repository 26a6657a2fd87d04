import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/**
 * A company's invoices: one per due date (the unique index makes issuing idempotent). `status` is
 * stored open or paid; expired is how an unpaid one past its due date is shown. The provider's
 * charge (Asaas' payment id and PIX code) is kept so a second checkout reuses it.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    detail: text('detail').notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }).notNull(),
    /** The company's day it falls due (YYYY-MM-DD). */
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    status: text('status').$type<'open' | 'paid'>().notNull().default('open'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    providerPaymentId: text('provider_payment_id'),
    pixCode: text('pix_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_company_due_key').on(t.companyId, t.dueDate),
    index('invoices_company_due_idx').on(t.companyId, t.dueDate.desc(), t.id),
    uniqueIndex('invoices_provider_payment_key').on(t.providerPaymentId),
  ],
);
