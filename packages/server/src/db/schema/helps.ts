import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** Help videos: platform data, listed to everyone, written by super users. */
export const helps = pgTable('helps', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  video: text('video').notNull().default(''),
  description: text('description').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
