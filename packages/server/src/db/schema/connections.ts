import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ConnectionStatus, Provider, ScheduleDay } from '@balcao/contracts';
import { companies } from './companies.js';
import { prompts, queueIntegrations, queues } from './queues.js';

/** A WhatsApp connection (the spec's "whatsapp"): one number, one provider. */
export const whatsapps = pgTable(
  'whatsapps',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    provider: text('provider').$type<Provider>().notNull().default('beta'),
    status: text('status').$type<ConnectionStatus>().notNull().default('DISCONNECTED'),
    qrcode: text('qrcode').notNull().default(''),
    retries: integer('retries').notNull().default(0),
    isDefault: boolean('is_default').notNull().default(false),
    /** The session should run (started and not disconnected): restored on boot, kept by a lease. */
    sessionWanted: boolean('session_wanted').notNull().default(false),
    /** External API bearer; random, 32+ characters; never empty. */
    token: text('token').notNull(),
    /** The connected phone number (digits), once known. */
    number: text('number').notNull().default(''),
    greetingMessage: text('greeting_message').notNull().default(''),
    complationMessage: text('complation_message').notNull().default(''),
    outOfHoursMessage: text('out_of_hours_message').notNull().default(''),
    ratingMessage: text('rating_message').notNull().default(''),
    expiresInactiveMessage: text('expires_inactive_message').notNull().default(''),
    expiresTicket: integer('expires_ticket').notNull().default(0),
    timeUseBotQueues: integer('time_use_bot_queues').notNull().default(0),
    maxUseBotQueues: integer('max_use_bot_queues').notNull().default(3),
    timeToTransfer: integer('time_to_transfer'),
    transferQueueId: integer('transfer_queue_id').references(() => queues.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    schedules: jsonb('schedules').$type<ScheduleDay[]>().notNull().default([]),
    // Cloud API
    phoneNumberId: text('phone_number_id'),
    accessToken: text('access_token'),
    appSecret: text('app_secret'),
    verifyToken: text('verify_token'),
    /** Cloud API: the WhatsApp Business Account id (digits) whose message templates the number sends. */
    wabaId: text('waba_id'),
    /** Cloud API: the most messages a second the outbox sends (Meta's default throughput is 80). */
    messagesPerSecond: integer('messages_per_second').notNull().default(80),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('whatsapps_company_idx').on(t.companyId, t.id),
    uniqueIndex('whatsapps_token_key').on(t.token),
    // Exactly one default per company: at most one by this index, at least one by the use cases.
    uniqueIndex('whatsapps_one_default_key')
      .on(t.companyId)
      .where(sql`${t.isDefault}`),
  ],
);

export const whatsappQueues = pgTable(
  'whatsapp_queues',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.whatsappId, t.queueId] })],
);

/** A template component as Meta describes it (`HEADER`, `BODY`, `FOOTER`, `BUTTONS`). */
export interface TemplateComponent {
  type: string;
  format?: string;
  text?: string;
  buttons?: { type: string; text?: string; url?: string; phone_number?: string }[];
  example?: unknown;
}

/**
 * A Cloud API connection's message templates, as the last sync read them from Meta (one row per
 * name and language). `variables`: the distinct `{{n}}` of the BODY, the parameters a send takes.
 */
export const whatsappTemplates = pgTable(
  'whatsapp_templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull(),
    category: text('category').notNull().default(''),
    components: jsonb('components').$type<TemplateComponent[]>().notNull().default([]),
    variables: integer('variables').notNull().default(0),
    syncedAt: timestamp('synced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('whatsapp_templates_key').on(t.whatsappId, t.name, t.language)],
);

/** Baileys auth state: one row per key (creds, pre-keys, sessions…), written on each change. */
export const channelKeys = pgTable(
  'channel_keys',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id')
      .notNull()
      .references(() => whatsapps.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.whatsappId, t.key] })],
);

/**
 * Who holds a connection's live session: one process at a time, renewed while alive, taken over
 * when it expires. Platform machinery (every process reads all leases): no RLS.
 */
export const channelLeases = pgTable('channel_leases', {
  whatsappId: integer('whatsapp_id')
    .primaryKey()
    .references(() => whatsapps.id, { onDelete: 'cascade' }),
  companyId: integer('company_id').notNull(),
  holder: uuid('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
