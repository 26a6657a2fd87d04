import { bigint, index, jsonb, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { ScheduleStatus } from '@balcao/contracts';
import { companies } from './companies.js';
import { contacts } from './contacts.js';
import { users } from './users.js';
import { whatsapps } from './connections.js';
import { tickets } from './tickets.js';
import { messages } from './messages.js';

/**
 * Scheduled messages. A due one is dispatched once: its message is stored in the outbox and
 * linked here (`messageId`, `dispatchedAt`) in the same transaction, so no crash or second
 * process sends it twice; `status` then follows that message (ack ≥ 1 → ENVIADA, its error →
 * ERRO). The attachment lives in storage under a generated key (`mediaPath`); once dispatched,
 * the message shares that file.
 */
export const schedules = pgTable(
  'schedules',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    status: text('status').$type<ScheduleStatus>().notNull().default('PENDENTE'),
    error: text('error'),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** Cloud API: sent as this message template (its variables filled per contact) instead of free text. */
    templateName: text('template_name'),
    templateLanguage: text('template_language'),
    templateVariables: jsonb('template_variables').$type<string[]>(),
    /** Set once, when its message was stored for sending: never dispatched again. */
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list's order (latest sendAt first); a contact's schedules (the filter, and the contact's delete).
    index('schedules_company_send_at_idx').on(t.companyId, t.sendAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('schedules_contact_idx').on(t.contactId),
    // Deleting a ticket (its messages) clears these links without reading every schedule.
    index('schedules_ticket_idx')
      .on(t.ticketId)
      .where(sql`${t.ticketId} is not null`),
    index('schedules_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
    // The sweep: schedules not dispatched yet, by time; dispatched ones waiting for their message's fate.
    index('schedules_due_idx')
      .on(t.sendAt)
      .where(sql`${t.dispatchedAt} is null`),
    index('schedules_dispatched_idx')
      .on(t.companyId)
      .where(sql`${t.dispatchedAt} is not null and ${t.status} = 'PENDENTE'`),
  ],
);
