import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { MediaType } from '@balcao/contracts';
import { sql } from 'drizzle-orm';
import { companies } from './companies.js';
import { users } from './users.js';
import { whatsapps } from './connections.js';
import { contacts } from './contacts.js';
import { tickets } from './tickets.js';

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
    mediaType: text('media_type').$type<MediaType>().notNull().default('chat'),
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
    /**
     * Set just before the provider is asked to send it. A queued message carrying it when no send is
     * under way (the process died mid-send) is in doubt: the outbox settles it before sending again.
     */
    sendStartedAt: timestamp('send_started_at', { withTimezone: true }),
    /** The request that queued an outbound message (x-request-id): its send logs under it (request-id.ts). */
    requestId: text('request_id'),
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
    // The outbox: queued outbound messages of a connection, oldest first. Not on `ack`: a status
    // (delivered, read) then touches no indexed column and is written in place (a HOT update,
    // migration 0030), as the send mark is.
    index('messages_outbox_idx')
      .on(t.whatsappId, t.id)
      .where(sql`${t.fromMe} and ${t.externalId} is null and ${t.error} is null`),
    // Whether a stored file is still shown by a message (before a file list or a campaign drops it).
    index('messages_media_url_idx')
      .on(t.mediaUrl)
      .where(sql`${t.mediaUrl} is not null`),
    // Deletions waiting to reach WhatsApp, per connection.
    index('messages_delete_requested_idx')
      .on(t.whatsappId, t.id)
      .where(sql`${t.deleteRequestedAt} is not null`),
  ],
);
