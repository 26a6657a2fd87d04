import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { TicketStatus } from '@balcao/contracts';
import { sql } from 'drizzle-orm';
import { companies } from './companies.js';
import { users } from './users.js';
import { prompts, queueIntegrations, queues } from './queues.js';
import { whatsapps } from './connections.js';
import { contacts } from './contacts.js';

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
    status: text('status').$type<TicketStatus>().notNull().default('pending'),
    unreadMessages: integer('unread_messages').notNull().default(0),
    lastMessage: text('last_message').notNull().default(''),
    /** When the message `lastMessage` previews was sent or received (the list shows this time). */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    isGroup: boolean('is_group').notNull().default(false),
    chatbot: boolean('chatbot').notNull().default(false),
    useIntegration: boolean('use_integration').notNull().default(false),
    /**
     * Who holds the conversation before an attendant (automation/holder.ts): an integration, or
     * an AI prompt. Cleared whenever the ticket has a user or leaves pending (a trigger).
     */
    integrationId: integer('integration_id').references(() => queueIntegrations.id, { onDelete: 'set null' }),
    promptId: integer('prompt_id').references(() => prompts.id, { onDelete: 'set null' }),
    /** Chatbot state: where in the option tree the customer is, and how often the menu went out. */
    queueOptionId: integer('queue_option_id'),
    amountUsedBotQueues: integer('amount_used_bot_queues').notNull().default(0),
    botMenuSentAt: timestamp('bot_menu_sent_at', { withTimezone: true }),
    ratingPending: boolean('rating_pending').notNull().default(false),
    /** Time rules: silence after the agent's last message expires an open ticket. */
    lastCustomerMessageAt: timestamp('last_customer_message_at', { withTimezone: true }),
    lastAgentMessageAt: timestamp('last_agent_message_at', { withTimezone: true }),
    /**
     * Since when the customer waits for a person: the time of the oldest customer message no
     * person has answered since (set by the first such message, cleared by a person's message and
     * by closing); null when nobody waits. The list's `orderBy=waitingLongest`.
     */
    waitingSince: timestamp('waiting_since', { withTimezone: true }),
    /** Meta's (the provider's) time of the customer's newest message: the Cloud API's 24-hour window. */
    customerWroteAt: timestamp('customer_wrote_at', { withTimezone: true }),
    /** The out-of-hours message went out at most once per ticket per closed period. */
    outOfHoursSentAt: timestamp('out_of_hours_sent_at', { withTimezone: true }),
    /** The newest inbound message the chatbot has answered: a retried job never answers twice. */
    botHandledMessageId: bigint('bot_handled_message_id', { mode: 'number' }),
    /**
     * The newest customer message the AI (a prompt, a flow's openai node) answered or handed over
     * on: a retried turn never answers twice. Apart from the chatbot's, which may hand the same
     * message on to the AI (holder-entry.ts).
     */
    aiHandledMessageId: bigint('ai_handled_message_id', { mode: 'number' }),
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
    // `orderBy=waitingLongest` in a status tab: the walk stops at the page, scope checked in the index.
    index('tickets_company_status_waiting_idx').on(
      t.companyId,
      t.status,
      t.waitingSince.asc().nullsLast(),
      t.id,
      t.queueId,
      t.userId,
    ),
    index('tickets_company_contact_idx').on(t.companyId, t.contactId),
    // The dashboard's arrivals per day (modules/dashboard/tickets-per-day.ts): an index-only range.
    index('tickets_company_created_idx').on(t.companyId, t.createdAt),
    // The time rules' cron passes: open tickets by the agent's last message, queueless pending by age.
    index('tickets_open_agent_idx')
      .on(t.lastAgentMessageAt)
      .where(sql`${t.status} = 'open'`),
    index('tickets_pending_queueless_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.queueId} is null`),
    // Auto-assignment (modules/tickets/auto-assign.ts): each member's open tickets, a queue's waiting ones.
    index('tickets_open_user_idx')
      .on(t.companyId, t.userId, t.queueId)
      .where(sql`${t.status} = 'open'`),
    index('tickets_waiting_queue_idx')
      .on(t.queueId, t.id)
      .where(sql`${t.status} = 'pending' and ${t.userId} is null and ${t.queueId} is not null`),
    // Deleting an integration or a prompt lets go of the tickets it holds (the foreign keys' set null).
    index('tickets_integration_idx')
      .on(t.integrationId)
      .where(sql`${t.integrationId} is not null`),
    index('tickets_prompt_idx')
      .on(t.promptId)
      .where(sql`${t.promptId} is not null`),
  ],
);

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
    /**
     * The dashboard's durations, kept with the row (whole seconds) so its averages add integers
     * from the index instead of subtracting timestamps per row: the wait from arrival to
     * acceptance, null when no one waited (a cycle an attendant began: created open, reopened);
     * the support time from acceptance to close.
     */
    waitSeconds: integer('wait_seconds').generatedAlwaysAs(
      sql`case when started_at > queued_at then extract(epoch from started_at - queued_at)::integer end`,
    ),
    supportSeconds: integer('support_seconds').generatedAlwaysAs(
      sql`extract(epoch from finished_at - started_at)::integer`,
    ),
    /**
     * The attendance report's moments (modules/reports/): the customer's first message of the
     * cycle (set by the inbound batch, or from the messages when the cycle is made) and the first
     * message a person (a user) sent after it (set where outbound messages are stored).
     */
    firstCustomerAt: timestamp('first_customer_at', { withTimezone: true }),
    firstResponseAt: timestamp('first_response_at', { withTimezone: true }),
    firstResponseSeconds: integer('first_response_seconds').generatedAlwaysAs(
      sql`extract(epoch from first_response_at - first_customer_at)::integer`,
    ),
    resolutionSeconds: integer('resolution_seconds').generatedAlwaysAs(
      sql`case when finished_at >= first_customer_at then extract(epoch from finished_at - first_customer_at)::integer end`,
    ),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('ticket_tracking_company_ticket_idx').on(t.companyId, t.ticketId, t.id.desc().nullsFirst()),
    // The dashboard's closures (modules/dashboard/): the period's range on finished_at, and what
    // each figure reads from the cycle carried in the index, so one index-only pass gives them all.
    index('ticket_tracking_company_finished_idx').on(t.companyId, t.finishedAt, t.userId, t.supportSeconds, t.rating),
    // The dashboard's wait: cycles accepted in the period, with their wait.
    index('ticket_tracking_company_started_idx').on(t.companyId, t.startedAt, t.waitSeconds),
    // The attendance report, index-only over a company's range: first responses by the day of
    // the customer's message, resolutions by the close's day, ratings by the rating's day.
    index('ticket_tracking_company_first_customer_idx')
      .on(t.companyId, t.firstCustomerAt, t.userId, t.queueId, t.firstResponseSeconds)
      .where(sql`${t.firstCustomerAt} is not null`),
    index('ticket_tracking_company_resolved_idx')
      .on(t.companyId, t.finishedAt, t.userId, t.queueId, t.resolutionSeconds)
      .where(sql`${t.resolutionSeconds} is not null`),
    index('ticket_tracking_company_rated_idx')
      .on(t.companyId, t.ratedAt, t.userId, t.queueId, t.rating)
      .where(sql`${t.rating} is not null`),
    // At most one unfinished cycle per ticket: concurrent transitions meet here.
    uniqueIndex('ticket_tracking_one_open_key')
      .on(t.ticketId)
      .where(sql`${t.finishedAt} is null`),
    check('ticket_tracking_rating_check', sql`${t.rating} between 1 and 3`),
  ],
);
