import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { ActivityAction } from '@balcao/contracts';
import { companies } from './companies.js';
import { tickets } from './tickets.js';

/**
 * A ticket's activity trail (issue 36): one row per change, written in the change's own
 * transaction (modules/tickets/activity.ts). Ids are plain integers, not foreign keys: the trail
 * keeps who and where even after the user or queue is gone.
 */
export const ticketActivities = pgTable(
  'ticket_activities',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    action: text('action').$type<ActivityAction>().notNull(),
    /** Who did it; null for the system. */
    userId: integer('user_id'),
    /** The ticket's queue when it happened. */
    queueId: integer('queue_id'),
    toQueueId: integer('to_queue_id'),
    toUserId: integer('to_user_id'),
    tagId: integer('tag_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ticket_activities_ticket_idx').on(t.ticketId, t.id)],
);
