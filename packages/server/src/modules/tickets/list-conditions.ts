import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { TicketListOrder, TicketListQuery } from '@balcao/contracts';
import { tickets } from '../../db/schema/index.js';
import { listScope, type Viewer } from './visibility.js';
import { taggedWithAll } from '../tags/ticket-tags-sql.js';

/** The ticket list's order: newest update first, the id breaking ties (so pages never overlap). */
export const LIST_ORDER = [desc(tickets.updatedAt), desc(tickets.id)];

/**
 * `orderBy=waitingLongest`: the tickets whose customer waits for a person first, the longest
 * waiting first (`waiting_since`: the oldest customer message no person answered, db/schema/
 * tickets.ts), then the others; the id breaks ties, oldest first. Within a status it walks
 * `tickets_company_status_waiting_idx` in this order.
 */
export const WAITING_ORDER = [sql`${tickets.waitingSince} asc nulls last`, asc(tickets.id)];

export const listOrder = (orderBy: TicketListOrder) => (orderBy === 'waitingLongest' ? WAITING_ORDER : LIST_ORDER);

/**
 * Every filter of `GET /tickets` except the search text, over `tickets` alone, so the indexes
 * leading with company_id — (status, updated_at, id, …) and (updated_at, id, …) — serve them.
 * The plain list and the search (search-tickets.ts) both walk the tickets these conditions keep.
 * - scope: every ticket with `showAll` honoured, else the caller's queues, queueless ones with
 *   allTicket, and their own — plus every pending ticket for an admin (visibility.ts);
 * - status; queueIds (those queues, plus queueless tickets, which wait for the chatbot);
 * - users (admins only): assigned to one of them;
 * - date / updatedAt: created / last updated that day, in the company's time zone `zone`;
 * - withUnreadMessages: unread messages > 0;
 * - whatsappIds: on one of those connections (another company's ids simply match nothing);
 * - tags: carrying every one of the tags (tags/ticket-tags-sql.ts).
 */
export function listConditions(
  companyId: number,
  viewer: Viewer,
  q: TicketListQuery,
  showAll: boolean,
  zone: string,
): SQL | undefined {
  const conds: Array<SQL | undefined> = [eq(tickets.companyId, companyId), listScope(viewer, showAll)];
  if (q.status) conds.push(eq(tickets.status, q.status));
  if (q.queueIds.length > 0) conds.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId)));
  if (q.users.length > 0 && viewer.admin) conds.push(inArray(tickets.userId, q.users));
  if (q.withUnreadMessages) conds.push(gt(tickets.unreadMessages, 0));
  if (q.whatsappIds.length > 0) conds.push(inArray(tickets.whatsappId, q.whatsappIds));
  if (q.date) conds.push(...onDay(tickets.createdAt, q.date, zone));
  if (q.updatedAt) conds.push(...onDay(tickets.updatedAt, q.updatedAt, zone));
  if (q.tags.length > 0) conds.push(taggedWithAll(companyId, q.tags));
  return and(...conds);
}

/** `column` within the local day `day` (YYYY-MM-DD) of `zone`: a range, so indexes still apply. */
function onDay(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string, zone: string): SQL[] {
  const start = sql`((${day}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${day}::date + 1)::timestamp at time zone ${zone})`;
  return [gte(column, start), lt(column, end)];
}
