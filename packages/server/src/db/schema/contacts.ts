import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { whatsapps } from './connections.js';

export interface ExtraInfo {
  name: string;
  value: string;
}

/**
 * A customer (or a group). `number` is always the phone number in digits (E.164 without '+'),
 * or the group id for groups — never a WhatsApp device id (LID), which is kept apart in `lid`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    lid: text('lid'),
    extraInfo: jsonb('extra_info').$type<ExtraInfo[]>().notNull().default([]),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_number_key').on(t.companyId, t.number),
    index('contacts_company_lid_idx').on(t.companyId, t.lid),
    index('contacts_company_name_idx').on(t.companyId, t.name),
    // The dashboard's leads (contacts created in a period) and the contacts list's date filter.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
  ],
);
