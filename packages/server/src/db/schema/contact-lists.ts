import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';

/** Lists of people a campaign writes to (imported from spreadsheets or typed one by one). */
export const contactLists = pgTable(
  'contact_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's order (by name).
  (t) => [index('contact_lists_company_name_idx').on(t.companyId, t.name, t.id)],
);

/**
 * The people of a list. `number` is E.164 digits, once per list: the unique index lets an import
 * insert its batches with `on conflict do nothing`, so a second import of a sheet doubles nothing.
 * `isWhatsappValid` stays null until a provider could tell (modules/contact-lists/jobs.ts).
 */
export const contactListItems = pgTable(
  'contact_list_items',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactListId: integer('contact_list_id')
      .notNull()
      .references(() => contactLists.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    isWhatsappValid: boolean('is_whatsapp_valid'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contact_list_items_list_number_idx').on(t.companyId, t.contactListId, t.number),
    // A list's page (by name) and its count.
    index('contact_list_items_list_name_idx').on(t.contactListId, t.name, t.id),
  ],
);
