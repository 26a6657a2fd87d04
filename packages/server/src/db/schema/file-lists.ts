import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { users } from './users.js';

/** File lists (the spec's "files"): a message and named options, each with an optional file. */
export const fileLists = pgTable(
  'file_lists',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_lists_company_name_idx').on(t.companyId, t.name, t.id)],
);

/** An option of a file list, in `position` order; `path` is a storage key the storage made. */
export const fileListOptions = pgTable(
  'file_list_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    fileListId: integer('file_list_id')
      .notNull()
      .references(() => fileLists.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    path: text('path'),
    mediaType: text('media_type'),
    /** The uploaded file's original name (sanitised). */
    fileName: text('file_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('file_list_options_list_idx').on(t.fileListId, t.position, t.id)],
);
