import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.js';
import { queueIntegrations } from './queues.js';
import { tickets } from './tickets.js';

// The integrations and prompts themselves sit with the queues (queues.ts): the two reference each other.


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
