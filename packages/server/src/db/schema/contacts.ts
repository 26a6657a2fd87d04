import { sql } from 'drizzle-orm';
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
    /**
     * What a contacts search looks in: name, number and email, lower case without accents, joined
     * by U+001F (migration 0037). Written with the row, so a search compares stored text.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(sql`public.contact_search_text("name", "number", "email")`),
  },
  (t) => [
    uniqueIndex('contacts_company_number_key').on(t.companyId, t.number),
    index('contacts_company_lid_idx').on(t.companyId, t.lid),
    // The list by name and a search's ordered walk: (company_id, name, id) INCLUDE (search_text,
    // created_at), hand-written in migration 0043 (drizzle has no INCLUDE).
    // The dashboard's leads (contacts created in a period) and the contacts list's date filter.
    index('contacts_company_created_idx').on(t.companyId, t.createdAt),
    // Contacts search (and the ticket search's contacts): trigrams of the search text, led by the
    // company (btree_gin) so a search reads only its company's entries.
    index('contacts_company_search_trgm_idx').using('gin', t.companyId, t.searchText.op('gin_trgm_ops')),
  ],
);
