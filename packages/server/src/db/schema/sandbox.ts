import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { whatsapps } from './connections.js';

/**
 * The sandbox provider's simulated customers' phones: the numbers (with their names) that the
 * admin plays on the simulator page of a sandbox connection. Kept in PostgreSQL so any process
 * can serve the simulator while the connection's live channel runs in its lease holder. The
 * conversations themselves are the stored messages (inbox/), read by connection and number.
 */
export const sandboxCustomers = pgTable(
  'sandbox_customers',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    /** Phone number digits (E.164 without '+'). */
    number: text('number').notNull(),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.whatsappId, t.number] }),
    index('sandbox_customers_company_idx').on(t.companyId, t.whatsappId, t.updatedAt.desc().nullsFirst()),
  ],
);
