import { check, index, integer, pgTable, serial, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.js';
import { queues, users } from './users.js';
import { whatsapps } from './connections.js';
import { tickets } from './inbox.js';

/**
 * One row per attendance cycle of a ticket (from waiting to finished), for the dashboard's
 * wait and talk times and the attendants' ratings. A ticket has at most one unfinished cycle;
 * reopening a closed ticket starts a new one.
 * - queuedAt: the customer started waiting (ticket created, or reopened);
 * - startedAt: an attendant took it (accept, created open, reopen, transfer to a user);
 * - ratingAt: the rating request went out (userRating enabled);
 * - rating / ratedAt: the customer's answer, 1 to 3;
 * - finishedAt: closed.
 */
export const ticketTracking = pgTable(
  'ticket_tracking',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    ratingAt: timestamp('rating_at', { withTimezone: true }),
    rating: integer('rating'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_tracking_company_ticket_idx').on(t.companyId, t.ticketId, t.id.desc().nullsFirst()),
    index('ticket_tracking_company_finished_idx').on(t.companyId, t.finishedAt),
    // At most one unfinished cycle per ticket: concurrent transitions meet here.
    uniqueIndex('ticket_tracking_one_open_key')
      .on(t.ticketId)
      .where(sql`${t.finishedAt} is null`),
    check('ticket_tracking_rating_check', sql`${t.rating} between 1 and 3`),
  ],
);
