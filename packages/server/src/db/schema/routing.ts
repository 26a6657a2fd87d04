import { boolean, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies } from './companies.js';
import { queues, users } from './users.js';
import { contacts, tickets } from './inbox.js';

/**
 * The chatbot's option tree of a queue. `parentId` null is the top level (the API also
 * accepts -1 for it). `option` is the 1-based position as a string ("1", "2" …), renumbered
 * 1..n among siblings whenever one is deleted.
 */
export const queueOptions = pgTable(
  'queue_options',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    message: text('message').notNull().default(''),
    option: text('option').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_options_company_queue_parent_idx').on(t.companyId, t.queueId, t.parentId)],
);

/** Labels for tickets; `kanban` 1 makes the tag a lane of the kanban board. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull().default('#A4CCCC'),
    kanban: integer('kanban').notNull().default(0),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('tags_company_name_idx').on(t.companyId, t.name)],
);

export const ticketTags = pgTable(
  'ticket_tags',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.ticketId, t.tagId] }),
    index('ticket_tags_company_tag_idx').on(t.companyId, t.tagId, t.ticketId),
  ],
);

/**
 * Quick answers. A shortcode is unique per user; `geral` shares the answer with the whole
 * company. Media lives in storage under a generated key (`mediaPath`), never a user-given path.
 */
export const quickMessages = pgTable(
  'quick_messages',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    shortcode: text('shortcode').notNull(),
    message: text('message').notNull().default(''),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    geral: boolean('geral').notNull().default(false),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quick_messages_user_shortcode_key').on(t.companyId, t.userId, t.shortcode),
    index('quick_messages_company_geral_idx').on(t.companyId, t.geral),
  ],
);

/** Internal notes on a ticket and its contact (never sent to the customer). */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    note: text('note').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_notes_company_ticket_idx').on(t.companyId, t.ticketId, t.contactId)],
);

