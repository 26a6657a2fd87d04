import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { ScheduleDay } from '@balcao/contracts';
import { companies } from './companies.js';
import { prompts, queueIntegrations } from './integrations.js';

/** Queues (departments). Their own endpoints come with routing; users reference them now. */
export const queues = pgTable(
  'queues',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    color: text('color').notNull(),
    orderQueue: integer('order_queue'),
    greetingMessage: text('greeting_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    schedules: jsonb('schedules').$type<ScheduleDay[]>().notNull().default([]),
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('queues_company_color_key').on(t.companyId, t.color),
    uniqueIndex('queues_company_name_key').on(t.companyId, t.name),
  ],
);

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
