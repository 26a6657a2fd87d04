import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { companies } from './companies.js';
import { queues, users } from './users.js';
import { whatsapps } from './connections.js';

export interface ExtraInfo {
  name: string;
  value: string;
}

/**
 * A customer (or a group). `number` is always the phone number in digits (E.164 without '+'),
 * or the group id for groups — never a WhatsApp device id (LID), which is kept apart in `lid`.
 */
export const contacts = pgTable(
  'contacts',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    number: text('number').notNull(),
    email: text('email').notNull().default(''),
    profilePicUrl: text('profile_pic_url').notNull().default(''),
    isGroup: boolean('is_group').notNull().default(false),
    lid: text('lid'),
    extraInfo: jsonb('extra_info').$type<ExtraInfo[]>().notNull().default([]),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('contacts_company_number_key').on(t.companyId, t.number),
    index('contacts_company_lid_idx').on(t.companyId, t.lid),
    index('contacts_company_name_idx').on(t.companyId, t.name),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    uuid: uuid('uuid').notNull().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    queueId: integer('queue_id').references(() => queues.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status').notNull().default('pending'),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    /** When the message `lastMessage` previews was sent or received (the list shows this time). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    isGroup: boolean('is_group').notNull().default(false),
    chatbot: boolean('chatbot').notNull().default(false),
    useIntegration: boolean('use_integration').notNull().default(false),
    integrationId: integer('integration_id'),
    promptId: integer('prompt_id'),
    /** Chatbot state: where in the option tree the customer is, and how often the menu went out. */
    queueOptionId: integer('queue_option_id'),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    botMenuSentAt: timestamp('bot_menu_sent_at', { withTimezone: true }),
    ratingPending: boolean('rating_pending').notNull().default(false),
    /** Time rules: silence after the agent's last message expires an open ticket. */
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    lastAgentMessageAt: timestamp('last_agent_message_at', { withTimezone: true }),
    /** The out-of-hours message went out at most once per ticket per closed period. */
    outOfHoursSentAt: timestamp('out_of_hours_sent_at', { withTimezone: true }),
    /** The newest inbound message the chatbot has answered: a retried job never answers twice. */
    botHandledMessageId: bigint('bot_handled_message_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tickets_uuid_key').on(t.uuid),
    // At most one live ticket per contact and connection: the index, not a prior select, decides.
    uniqueIndex('tickets_one_live_key')
      .on(t.companyId, t.contactId, t.whatsappId)
      .where(sql`${t.status} in ('pending', 'open')`),
    // Trailing queue and user let a user's scope (their queues, their tickets) be checked in the
    // index walk itself (docs/bench/inbox-plans.md, P1). `desc()` here means NULLS LAST, while a
    // query's `order by … desc` means NULLS FIRST: only the latter's index order lets the walk
    // stop at the page instead of sorting the whole list (P5).
    index('tickets_company_status_updated_idx').on(
      t.companyId,
      t.status,
      t.updatedAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
      t.queueId,
      t.userId,
    ),
    index('tickets_company_contact_idx').on(t.companyId, t.contactId),
    // The time rules' cron passes: open tickets by the agent's last message, queueless pending by age.
    index('tickets_open_agent_idx').on(t.lastAgentMessageAt).where(sql`${t.status} = 'open'`),
    index('tickets_pending_queueless_idx').on(t.createdAt).where(sql`${t.status} = 'pending' and ${t.queueId} is null`),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    /** The provider's id (Baileys key.id, Cloud API wamid); unique per connection. */
    externalId: text('external_id'),
    body: text('body').notNull().default(''),
    fromMe: boolean('from_me').notNull().default(false),
    read: boolean('read').notNull().default(false),
    /** 0 queued, 1 sent, 2–3 delivered, 4 read, 5 played. */
    ack: integer('ack').notNull().default(0),
    error: text('error'),
    mediaType: text('media_type').notNull().default('chat'),
    mediaUrl: text('media_url'),
    mediaName: text('media_name'),
    quotedMsgId: bigint('quoted_msg_id', { mode: 'number' }),
    /** The external id this message quotes, kept when the quoted one is not (yet) stored. */
    quotedExternalId: text('quoted_external_id'),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /**
     * Set when a sent message deleted in Balcão must be deleted on WhatsApp too; the session
     * holder's outbox does it (or drops the request when the provider cannot) and clears it.
     */
    deleteRequestedAt: timestamp('delete_requested_at', { withTimezone: true }),
    isEdited: boolean('is_edited').notNull().default(false),
    /** Who sent it inside a group, or which user/bot sent an outbound message. */
    participant: text('participant'),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    data: jsonb('data'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_whatsapp_external_key').on(t.whatsappId, t.externalId),
    // NULLS FIRST: the order of the message page's `order by id desc`, so it reads only its page (P5).
    index('messages_company_ticket_idx').on(t.companyId, t.ticketId, t.id.desc().nullsFirst()),
    // The outbox: queued outbound messages of a connection, oldest first.
    index('messages_outbox_idx').on(t.whatsappId, t.id).where(sql`${t.fromMe} and ${t.ack} = 0 and ${t.error} is null`),
    // Deletions waiting to reach WhatsApp, per connection.
    index('messages_delete_requested_idx').on(t.whatsappId, t.id).where(sql`${t.deleteRequestedAt} is not null`),
  ],
);
