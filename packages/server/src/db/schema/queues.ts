import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import type { QueueIntegrationType, ScheduleDay } from '@balcao/contracts';
import { companies } from './companies.js';

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
    // The integration and the AI prompt that hold the queue's customers before an attendant (below).
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    /** Issue 36: a ticket entering without a user goes to a member (modules/tickets/auto-assign.ts). */
    autoAssign: boolean('auto_assign').notNull().default(false),
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

/**
 * Queue integrations: an outside service (webhook, n8n, Typebot, Dialogflow) or a flow that holds
 * a queue's or a connection's conversations before an attendant. `json_content` and
 * `signing_secret` are secrets the API never answers in full (the service account's key).
 */
export const queueIntegrations = pgTable(
  'queue_integrations',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text('type').$type<QueueIntegrationType>().notNull(),
    name: text('name').notNull(),
    projectName: text('project_name').notNull().default(''),
    jsonContent: text('json_content').notNull().default(''),
    language: text('language').notNull().default('pt-BR'),
    urlN8N: text('url_n8n').notNull().default(''),
    typebotSlug: text('typebot_slug').notNull().default(''),
    typebotExpires: integer('typebot_expires').notNull().default(1),
    typebotKeywordFinish: text('typebot_keyword_finish').notNull().default(''),
    typebotKeywordRestart: text('typebot_keyword_restart').notNull().default(''),
    typebotRestartMessage: text('typebot_restart_message').notNull().default(''),
    typebotUnknownMessage: text('typebot_unknown_message').notNull().default(''),
    typebotDelayMessage: integer('typebot_delay_message').notNull().default(1000),
    /** webhook / n8n: the HMAC key of the deliveries' signature. */
    signingSecret: text('signing_secret').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('queue_integrations_company_name_idx').on(t.companyId, t.name, t.id)],
);

/** AI prompts: an assistant answering a queue's customers; `api_key`/`voice_key` never answered in full. */
export const prompts = pgTable(
  'prompts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prompt: text('prompt').notNull(),
    model: text('model').notNull(),
    maxTokens: integer('max_tokens').notNull().default(100),
    temperature: real('temperature').notNull().default(1),
    apiKey: text('api_key').notNull(),
    /** Where the transfer phrase sends the customer, for attendants. */
    // Typed by hand: queues reference prompts too (a cycle TypeScript cannot infer).
    queueId: integer('queue_id').references((): AnyPgColumn => queues.id, { onDelete: 'set null' }),
    maxMessages: integer('max_messages').notNull().default(10),
    voice: text('voice').notNull().default('texto'),
    voiceKey: text('voice_key').notNull().default(''),
    voiceRegion: text('voice_region').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('prompts_company_name_idx').on(t.companyId, t.name, t.id), index('prompts_queue_idx').on(t.queueId)],
);
