import { and, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts, queues, ticketTracking, tickets, users, whatsapps } from '../../db/schema/index.js';
import { prepared } from '../../db/prepared.js';
import { ticketTagsColumn } from '../tags/ticket-tags-sql.js';
import { viewerColumns } from './visibility.js';
import type { Ticket, TicketDetail } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';

export type TicketRow = typeof tickets.$inferSelect;

/**
 * A ticket as the API and the realtime events show it: its own fields with the contact, queue
 * (name, colour), user (name), connection (name, status) and tags `[{id, name, color, kanban}]`.
 */
export const ticketColumns = {
  id: tickets.id,
  uuid: tickets.uuid,
  status: tickets.status,
  contactId: tickets.contactId,
  queueId: tickets.queueId,
  userId: tickets.userId,
  whatsappId: tickets.whatsappId,
  unreadMessages: tickets.unreadMessages,
  lastMessage: tickets.lastMessage,
  lastMessageAt: tickets.lastMessageAt,
  isGroup: tickets.isGroup,
  chatbot: tickets.chatbot,
  useIntegration: tickets.useIntegration,
  integrationId: tickets.integrationId,
  promptId: tickets.promptId,
  ratingPending: tickets.ratingPending,
  windowExpiresAt: windowExpiresAt(),
  waitingSince: tickets.waitingSince,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  contact: {
    id: contacts.id,
    name: contacts.name,
    number: contacts.number,
    profilePicUrl: contacts.profilePicUrl,
    isGroup: contacts.isGroup,
  },
  queue: { id: queues.id, name: queues.name, color: queues.color },
  user: { id: users.id, name: users.name },
  whatsapp: { id: whatsapps.id, name: whatsapps.name, status: whatsapps.status, provider: whatsapps.provider },
  tags: ticketTagsColumn,
};

/**
 * The Cloud API's 24-hour window: Meta's time of the customer's newest message + 24 h. Other
 * providers have no window (null); so has a customer who never wrote.
 */
function windowExpiresAt() {
  return sql<Date | null>`case when ${whatsapps.provider} = 'cloud'
    then ${tickets.customerWroteAt} + interval '24 hours' end`.mapWith(tickets.customerWroteAt);
}

/** The select behind every ticket view: one row per ticket, its references joined. */
export function selectTickets(tx: Tx, where: SQL | undefined) {
  return tx
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(queues, eq(queues.id, tickets.queueId))
    .leftJoin(users, eq(users.id, tickets.userId))
    .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
    .where(where)
    .$dynamic();
}

/**
 * One ticket's view (the joins of `selectTickets`, kept in step with it) with its company and
 * the viewer's columns beside it, for single reads that decide visibility in the same round
 * trip. Prepared once per connection (params `id`, `userId`): the hot read of every thread.
 */
export function ticketForViewer(tx: Tx) {
  return prepared(tx, 'ticket_for_viewer', (name) =>
    tx
      .select({ ...ticketColumns, companyId: tickets.companyId, ...viewerColumns(sql.placeholder('userId')) })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(queues, eq(queues.id, tickets.queueId))
      .leftJoin(users, eq(users.id, tickets.userId))
      .leftJoin(whatsapps, eq(whatsapps.id, tickets.whatsappId))
      .where(eq(tickets.id, sql.placeholder('id')))
      .prepare(name),
  );
}

type Selected = Awaited<ReturnType<ReturnType<typeof selectTickets>['execute']>>[number];

/** A selected row is the view (its tags come with the select). */
export const withTags = (row: Selected) => row;
export type TicketView = Selected;

/** One ticket as the list and the events show it, or undefined. */
export async function loadTicketView(tx: Tx, id: number): Promise<TicketView | undefined> {
  const [row] = await selectTickets(tx, eq(tickets.id, id));
  return row && withTags(row);
}

/**
 * The views of these tickets, in one prepared statement: the events of the message pipeline and
 * of every send read their tickets so, on the hot path, where building the view's text anew
 * (1–2 ms of CPU) and planning it would cost more than running it (db/prepared.ts). The ids go
 * through a sub-select, which hides the array from the planner: `id = any($1)` is planned anew on
 * every run (~1.5 ms: the custom plans of small batches always beat the generic plan's estimate
 * of ten rows), this form keeps its generic plan (the pkey scan, ~0.5 ms for ten tickets).
 */
export async function loadTicketViews(tx: Tx, ids: readonly number[]): Promise<TicketView[]> {
  if (ids.length === 0) return [];
  const query = prepared(tx, 'ticket_views_by_ids', (name) =>
    selectTickets(tx, sql`${tickets.id} = any((select ${sql.placeholder('ids')}::int[])::int[])`).prepare(name),
  );
  return query.execute({ ids });
}

/** The customer's latest rating of the ticket (1–3), or null. */
export async function ticketRating(tx: Tx, ticketId: number): Promise<number | null> {
  const [row] = await tx
    .select({ rating: ticketTracking.rating })
    .from(ticketTracking)
    .where(and(eq(ticketTracking.ticketId, ticketId), isNotNull(ticketTracking.rating)))
    .orderBy(desc(ticketTracking.ratedAt), desc(ticketTracking.id))
    .limit(1);
  return row?.rating ?? null;
}

/** `GET /tickets/{id}` and `/tickets/u/{uuid}`: the view with the contact's details and the rating. */
export async function ticketDetail(tx: Tx, view: TicketView) {
  // The view's contact is joined (inner): its row is there.
  const [contact] = await tx
    .select({ email: contacts.email, extraInfo: contacts.extraInfo })
    .from(contacts)
    .where(eq(contacts.id, view.contactId));
  return { ...view, contact: { ...view.contact, ...contact! }, rating: await ticketRating(tx, view.id) };
}

wireMatches<TicketView, Ticket>(true);
wireMatches<Answer<typeof ticketDetail>, TicketDetail>(true);
