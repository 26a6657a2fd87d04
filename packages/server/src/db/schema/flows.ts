import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import type { FlowConnection, FlowNode } from '@balcao/contracts';
import { companies } from './companies.js';
import { users } from './users.js';
import { whatsapps } from './connections.js';
import { tickets } from './tickets.js';
import { messages } from './messages.js';

/** Flows drawn in the flow builder; `graph` is null until first saved. */
export const flows = pgTable(
  'flows',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    graph: jsonb('graph').$type<{ nodes: FlowNode[]; connections: FlowConnection[] }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('flows_company_name_idx').on(t.companyId, t.name, t.id)],
);

/** A phrase that starts a flow when a customer writes it on a connection. */
export const flowCampaigns = pgTable(
  'flow_campaigns',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    flowId: integer('flow_id')
      .notNull()
      .references(() => flows.id, { onDelete: 'cascade' }),
    whatsappId: integer('whatsapp_id').references(() => whatsapps.id, { onDelete: 'set null' }),
    phrase: text('phrase').notNull(),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('flow_campaigns_company_idx').on(t.companyId, t.id),
    // The inbound check: a connection's active campaigns.
    index('flow_campaigns_whatsapp_idx')
      .on(t.whatsappId)
      .where(sql`${t.status}`),
  ],
);

/**
 * A flow running in a ticket: at most one live run per ticket (the partial unique index), its
 * place (`nodeId`), the answers collected (`variables`), and what it waits for: `input` (a menu's
 * or a question's answer) or `time` (an interval, until `waitUntil`). `step` counts the run's moves:
 * a job or a message that advances it names the step it saw, so a repeat finds it moved on and does
 * nothing. `lastMessageId` is the inbound message that last advanced it (a redelivery is ignored).
 */
export const flowRuns = pgTable(
  'flow_runs',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    flowId: integer('flow_id').references(() => flows.id, { onDelete: 'set null' }),
    flowCampaignId: integer('flow_campaign_id').references(() => flowCampaigns.id, { onDelete: 'set null' }),
    /** running (moving now), waiting (for `waiting`), done, stopped (an attendant took the ticket, or the flow went). */
    status: text('status').$type<'running' | 'waiting' | 'done' | 'stopped'>().notNull().default('running'),
    nodeId: text('node_id'),
    /** Inside a content block (singleBlock) waiting on one of its intervals: the element to go on from. */
    blockAt: integer('block_at'),
    waiting: text('waiting').$type<'input' | 'time'>(),
    waitUntil: timestamp('wait_until', { withTimezone: true }),
    variables: jsonb('variables').$type<Record<string, string>>().notNull().default({}),
    step: integer('step').notNull().default(0),
    lastMessageId: bigint('last_message_id', { mode: 'number' }).references(() => messages.id, {
      onDelete: 'set null',
    }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: end (no way out), ticket, handover (typebot/openai), attended, closed, loop, node gone. */
    endReason: text('end_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('flow_runs_one_live_key')
      .on(t.ticketId)
      .where(sql`${t.status} in ('running', 'waiting')`),
    // Runs whose wait ends (the interval sweep), by time.
    index('flow_runs_due_idx')
      .on(t.waitUntil)
      .where(sql`${t.status} = 'waiting' and ${t.waiting} = 'time'`),
    index('flow_runs_flow_idx').on(t.flowId),
    // Whether a flow already took a message of this ticket (any run, ended or not): a repeat is ignored.
    index('flow_runs_ticket_idx').on(t.ticketId, t.lastMessageId),
  ],
);

/**
 * Files the flow API stored (`POST /flowbuilder/img|audio|content`). A media node names one by its
 * storage key, which is what the upload answered; this row says the company uploaded it (a saved
 * graph may name only these), its type, and the name it came with.
 */
export const flowMedia = pgTable(
  'flow_media',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    mimetype: text('mimetype').notNull(),
    fileName: text('file_name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('flow_media_key_key').on(t.key)],
);
