import { z } from 'zod';
import type { ErrorBody } from '../errors.js';
import { idList, isoDay, pageNumber, ref, refOrNone, text, type RefMeta } from './common.js';
import type { ConnectionStatus, Provider } from './connections.js';
import type { TicketTag } from './tags.js';
import type { QueueRef } from './users.js';

/** Ticket statuses (operations §4). */
export const TICKET_STATUSES = ['pending', 'open', 'closed'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/** The ticket list's orders: newest change first (default), or longest waiting first. */
export const TICKET_LIST_ORDERS = ['recent', 'waitingLongest'] as const;
export type TicketListOrder = (typeof TICKET_LIST_ORDERS)[number];

/** On a list item found by text (`searchParam`): the message that matched. */
export interface MatchedMessage {
  id: number;
  body: string;
  createdAt: string;
}

/** Rows per page of `GET /tickets`. */
export const TICKETS_PAGE_SIZE = 40;

/** The customer's rating scale (foundation §9): 1 unsatisfied, 2 satisfied, 3 very satisfied. */
export const RATINGS = { 1: 'Insatisfeito', 2: 'Satisfeito', 3: 'Muito satisfeito' } as const;

const flag = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => v === 'true');

/** `GET /tickets` (operations §7). */
export const ticketListQuery = z.object({
  searchParam: text().trim().max(200).optional().default(''),
  pageNumber,
  /** Tag ids: tickets carrying every one of them. */
  tags: idList('tags'),
  /** Assigned users (honoured for admins only). */
  users: idList('users'),
  status: z.enum(TICKET_STATUSES).optional(),
  /** Created that day (company time zone). */
  date: isoDay.optional(),
  /** Last updated that day (company time zone). */
  updatedAt: isoDay.optional(),
  /** Every ticket of the company; honoured only with `tickets-manager:showall`. */
  showAll: flag,
  queueIds: idList('queues'),
  withUnreadMessages: flag,
  /** Connections (issue 36): tickets on any of them. */
  whatsappIds: idList('whatsapps'),
  /** `recent` (default): newest change first; `waitingLongest`: oldest unanswered customer message first. */
  orderBy: z.enum(TICKET_LIST_ORDERS).optional().default('recent'),
});
export type TicketListQuery = z.infer<typeof ticketListQuery>;

export const uuidParams = z.object({
  uuid: z.uuid('invalidUuid').meta({ entity: 'tickets', column: 'uuid' } satisfies RefMeta),
});

/** `POST /tickets`: a ticket opened by the caller (or, for admins, by `userId`). */
export const ticketCreateBody = z.object({
  contactId: ref('contacts'),
  /** Required unless the caller is an admin (the server says which field is missing). */
  queueId: ref('queues').nullable().optional(),
  /** Defaults to the caller's connection, then the company's default connection. */
  whatsappId: ref('whatsapps').nullable().optional(),
  userId: ref('users').nullable().optional(),
  status: z.literal('open').optional().default('open'),
});
export type TicketCreateBody = z.infer<typeof ticketCreateBody>;

/**
 * `PUT /tickets/{id}`. The server derives the transition (ARCHITECTURE.md, contract details):
 * `closed` closes and `open` on a closed ticket reopens (into `queueId` when given); otherwise a
 * `queueId` transfers (with optional `userId`, `whatsappId`), and without one `status` accepts
 * (open on pending) or returns (pending).
 */
export const ticketUpdateBody = z.object({
  status: z.enum(TICKET_STATUSES).optional(),
  userId: ref('users').nullable().optional(),
  queueId: ref('queues').optional(),
  whatsappId: ref('whatsapps').optional(),
  useIntegration: z.boolean().optional(),
  /** Who holds the ticket before an attendant; the spec's client resolves with `false` (none). */
  promptId: refOrNone('prompts'),
  integrationId: refOrNone('queueIntegrations'),
});
export type TicketUpdateBody = z.infer<typeof ticketUpdateBody>;

/** A ticket's own fields (its row as the API shows it, without the joined contact, queue, user…). */
export interface TicketFields {
  id: number;
  uuid: string;
  status: TicketStatus;
  contactId: number;
  queueId: number | null;
  userId: number | null;
  whatsappId: number | null;
  unreadMessages: number;
  lastMessage: string;
  /** When the message `lastMessage` previews was sent or received (updatedAt also moves on accept…). */
  lastMessageAt: string | null;
  isGroup: boolean;
  chatbot: boolean;
  useIntegration: boolean;
  integrationId: number | null;
  promptId: number | null;
  ratingPending: boolean;
  /**
   * Cloud API: until when free text may go (Meta's time of the customer's newest message + 24 h);
   * null when the customer never wrote, and always on the other providers (no window).
   */
  windowExpiresAt: string | null;
  /** Since when the customer waits for a person (their oldest unanswered message); null: nobody waits. */
  waitingSince: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The contact as a ticket shows it. */
export interface TicketContact {
  id: number;
  name: string;
  number: string;
  profilePicUrl: string;
  isGroup: boolean;
}

/** A ticket as the list, `PUT`/`POST` answers and the `ticket` event show it. */
export interface Ticket extends TicketFields {
  contact: TicketContact;
  queue: QueueRef | null;
  user: { id: number; name: string } | null;
  /** `provider`: what the ticket's connection can do (the Cloud API's window and templates). */
  whatsapp: { id: number; name: string; status: ConnectionStatus; provider: Provider } | null;
  tags: TicketTag[];
  /** Only in `GET /tickets?searchParam=…` items found by a message's text. */
  matchedMessage?: MatchedMessage | null;
}

/** `GET /tickets/{id}` and `/tickets/u/{uuid}`: with the contact's details and the rating (1–3). */
export interface TicketDetail extends Ticket {
  contact: TicketContact & { email: string; extraInfo: Array<{ name: string; value: string }> };
  rating: number | null;
}

export interface TicketPage {
  tickets: Ticket[];
  count: number;
  hasMore: boolean;
}

/** One lane's exact number of tickets: `tagId` its lane tag, null for the open lane (no lane tag). */
export interface KanbanLaneCount {
  tagId: number | null;
  count: number;
}

/**
 * `GET /ticket/kanban`: the board's tickets (not closed), newest change first, as the list shows
 * them, 100 a page; `count` all of them and `lanes` how many sit in each lane (lanes without
 * tickets left out), whatever the pages loaded.
 */
export interface KanbanPage extends TicketPage {
  lanes: KanbanLaneCount[];
}

/**
 * ERR_OTHER_OPEN_TICKET (409): the error's body with the contact's live ticket on the connection
 * (null when none is found), so the web can open it or say whose it is.
 */
export interface OtherOpenTicketError extends ErrorBody {
  ticket: Ticket | null;
}
