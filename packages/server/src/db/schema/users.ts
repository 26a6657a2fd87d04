import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { AllTicket, Language, Presence, Profile } from '@balcao/contracts';
import { companies } from './companies.js';
import { whatsapps } from './connections.js';
import { queues } from './queues.js';

/** Staff of a company. The email is unique platform-wide: login asks for nothing else. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    profile: text('profile').$type<Profile>().notNull().default('user'),
    super: boolean('super').notNull().default(false),
    /** The user's default connection (one of the company's: checked in scope, as for every reference). */
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    allTicket: text('all_ticket').$type<AllTicket>().notNull().default('disable'),
    language: text('language').$type<Language>(),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /**
     * Issue 36: online / away / offline (modules/users/presence.ts), kept with `online` (online =
     * not offline); away once `lastActivityAt` (the web's last input) is older than the threshold.
     */
    presence: text('presence').$type<Presence>().notNull().default('offline'),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_key').on(t.email), index('users_company_id_idx').on(t.companyId, t.id)],
);

export const userQueues = pgTable(
  'user_queues',
  {
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    queueId: integer('queue_id')
      .notNull()
      .references(() => queues.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.companyId, t.userId, t.queueId] }),
    index('user_queues_queue_idx').on(t.companyId, t.queueId),
  ],
);
