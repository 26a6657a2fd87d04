import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  serial,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { QueueIntegrationType } from '@balcao/contracts';
import { companies } from './companies.js';
import { queues } from './queues.js';
import { tickets } from './tickets.js';

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

/**
 * A conversation an outside service holds for a ticket (Typebot's chat session): one per ticket.
 * `last_seen_at` is the session's own clock (the customer's last message to it): `typebotExpires`
 * minutes of silence after it end the session.
 */
export const integrationSessions = pgTable(
  'integration_sessions',
  {
    ticketId: integer('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    integrationId: integer('integration_id')
      .notNull()
      .references(() => queueIntegrations.id, { onDelete: 'cascade' }),
    /** The service's session id (Typebot's `sessionId`); '' while none is open (webhook, Dialogflow). */
    sessionId: text('session_id').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The newest customer message the integration answered: a retried or repeated turn never answers twice. */
    handledMessageId: bigint('handled_message_id', { mode: 'number' }),
    /** Typebot: the items of the choice input the session waits on (the customer may answer by number). */
    choices: jsonb('choices').$type<string[]>(),
    /** Typebot: replies still to send, in order, each `typebot_delay_message` ms after the one before. */
    pending: jsonb('pending').$type<IntegrationSend[]>().notNull().default([]),
    /** When the first of `pending` is due (null: nothing pending). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('integration_sessions_integration_idx').on(t.integrationId),
    // The bubbles' sweep: sessions with replies due.
    index('integration_sessions_due_idx')
      .on(t.nextSendAt)
      .where(sql`${t.nextSendAt} is not null`),
  ],
);

/** One reply of an integration: a text, or a stored image (its storage key). */
export type IntegrationSend =
  { kind: 'text'; body: string } | { kind: 'image'; key: string; name: string; mimetype: string };
