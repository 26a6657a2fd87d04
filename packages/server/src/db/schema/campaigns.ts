import { bigint, bigserial, index, integer, jsonb, pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { CampaignStatus } from '@balcao/contracts';
import { companies } from './companies.js';
import { whatsapps } from './connections.js';
import { contactListItems, contactLists } from './contact-lists.js';
import { tags } from './tags.js';
import { fileLists } from './file-lists.js';
import { contacts } from './contacts.js';
import { tickets } from './tickets.js';
import { messages } from './messages.js';

/**
 * Campaigns: up to five message variants sent to a contact list through one connection. The
 * runner's state rides on the row: `nextSendAt` (the paced wait between sends) and `sentCount`
 * (sends so far, for the longer interval every `longerIntervalAfter`).
 */
export const campaigns = pgTable(
  'campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    message1: text('message1').notNull().default(''),
    message2: text('message2').notNull().default(''),
    message3: text('message3').notNull().default(''),
    message4: text('message4').notNull().default(''),
    message5: text('message5').notNull().default(''),
    status: text('status').$type<CampaignStatus>().notNull().default('INATIVA'),
    scheduledAt: timestamp('scheduled_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    contactListId: integer('contact_list_id').references(() => contactLists.id, { onDelete: 'set null' }),
    tagId: integer('tag_id').references(() => tags.id, { onDelete: 'set null' }),
    fileListId: integer('file_list_id').references(() => fileLists.id, { onDelete: 'set null' }),
    mediaPath: text('media_path'),
    mediaName: text('media_name'),
    /** Cloud API: sent as this message template (its variables filled per contact) instead of free text. */
    templateName: text('template_name'),
    templateLanguage: text('template_language'),
    templateVariables: jsonb('template_variables').$type<string[]>(),
    /** When the next send may leave (the interval after the last one). */
    nextSendAt: timestamp('next_send_at', { withTimezone: true }),
    sentCount: integer('sent_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('campaigns_company_idx').on(t.companyId, t.id.desc().nullsFirst()),
    // The runner: campaigns due to start, and those running.
    index('campaigns_due_idx')
      .on(t.scheduledAt)
      .where(sql`${t.status} = 'PROGRAMADA'`),
    index('campaigns_running_idx')
      .on(t.companyId)
      .where(sql`${t.status} = 'EM_ANDAMENTO'`),
  ],
);

/**
 * One row per (campaign, number), unique: whatever crashes, restarts or second process, a contact
 * is written to once. Made when the campaign starts (from the list, filtered by tag and validity);
 * `dispatchedAt` + `messageId` are set in the transaction that stores its messages in the outbox;
 * `deliveredAt` when WhatsApp took the text, `failedAt` + `error` when it refused it for good.
 */
export const campaignShipping = pgTable(
  'campaign_shipping',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    campaignId: integer('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contactListItemId: integer('contact_list_item_id').references(() => contactListItems.id, { onDelete: 'set null' }),
    number: text('number').notNull(),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    /** Which variant (1–5) it got, once dispatched. */
    variant: smallint('variant'),
    contactId: integer('contact_id').references(() => contacts.id, { onDelete: 'set null' }),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    dispatchedAt: timestamp('dispatched_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('campaign_shipping_campaign_number_key').on(t.campaignId, t.number),
    // The runner: rows still to send, in order; rows sent and waiting for their message's fate.
    index('campaign_shipping_pending_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.dispatchedAt} is null`),
    index('campaign_shipping_waiting_idx')
      .on(t.campaignId, t.id)
      .where(sql`${t.dispatchedAt} is not null and ${t.deliveredAt} is null and ${t.failedAt} is null`),
    index('campaign_shipping_failed_idx')
      .on(t.campaignId, t.failedAt, t.id)
      .where(sql`${t.failedAt} is not null`),
    index('campaign_shipping_message_idx')
      .on(t.messageId)
      .where(sql`${t.messageId} is not null`),
  ],
);

/**
 * A started campaign's counts, kept by the statements that change them (make-shipping.ts,
 * settle-campaigns.ts, step-campaign.ts): `valid` its shipping rows, `delivered` and `failed` those
 * with `deliveredAt` and `failedAt`. Counting them on `campaign_shipping` at each read of the report
 * took 93 ms at 100,000 rows, twice a second while someone watched it run. A table of its own: the
 * statements that add to it lock it last, after their shipping rows, whatever locks the campaign.
 */
export const campaignProgress = pgTable('campaign_progress', {
  campaignId: integer('campaign_id')
    .primaryKey()
    .references(() => campaigns.id, { onDelete: 'cascade' }),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
  valid: integer('valid').notNull().default(0),
  delivered: integer('delivered').notNull().default(0),
  failed: integer('failed').notNull().default(0),
});

/** Campaign settings per company: `key` → JSON value (intervals in seconds, variables). */
export const campaignSettings = pgTable(
  'campaign_settings',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    value: jsonb('value').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('campaign_settings_company_key').on(t.companyId, t.key)],
);
