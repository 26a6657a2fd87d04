import { and, count, desc, eq, gt, gte, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { can, TICKETS_PAGE_SIZE, type TicketListQuery } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { companies, tickets } from '../../db/schema/index.js';
import { likePattern } from '../../platform/pagination.js';
import { listScope, loadViewer, type Viewer } from './visibility.js';
import { selectTickets, withTags } from './ticket-view.js';
import { taggedWithAll } from '../tags/ticket-tags-sql.js';

/**
 * `GET /tickets` → `{tickets, count, hasMore}`, newest `updatedAt` first, 40 a page. Two
 * queries: the page and the count, both on conditions over `tickets` alone, so the indexes
 * leading with company_id — (status, updated_at, id) and (updated_at, id) — serve them; the page
 * picks its 41 ids by walking such an index in order, then joins the references of those only.
 * Filters:
 * - scope: every ticket with `showAll=true` and `tickets-manager:showall`, else the caller's
 *   queues, queueless ones with allTicket, and their own (visibility.ts);
 * - status; queueIds (those queues, plus queueless tickets, which wait for the chatbot);
 * - users (admins only): assigned to one of them;
 * - date / updatedAt: created / last updated that day, in the company's time zone;
 * - withUnreadMessages: unread messages > 0;
 * - searchParam: contact name or number, or any message's text (lower-cased, substring);
 * - tags: carrying every one of the tags (tags/ticket-tags-sql.ts).
 */
export async function listTickets(ctx: Ctx, q: TicketListQuery) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const viewer = await loadViewer(tx, actor);
    const showAll = q.showAll && can(actor, 'tickets-manager:showall');
    const zone = q.date || q.updatedAt ? await timeZone(tx) : '';
    const { page, total } = listQueries(tx, actor.companyId, viewer, q, showAll, zone);
    const rows = await page;
    const [counted] = await total;
    return {
      tickets: rows.slice(0, TICKETS_PAGE_SIZE).map(withTags),
      count: counted?.n ?? 0,
      hasMore: rows.length > TICKETS_PAGE_SIZE,
    };
  });
}

/** The page (one row more than shown, to know about the next) and the count, not yet run. */
export function listQueries(
  tx: Tx,
  companyId: number,
  viewer: Viewer,
  q: TicketListQuery,
  showAll: boolean,
  zone: string,
) {
  const conds: Array<SQL | undefined> = [eq(tickets.companyId, companyId), listScope(viewer, showAll)];
  if (q.status) conds.push(eq(tickets.status, q.status));
  if (q.queueIds.length > 0) conds.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId)));
  if (q.users.length > 0 && viewer.admin) conds.push(inArray(tickets.userId, q.users));
  if (q.withUnreadMessages) conds.push(gt(tickets.unreadMessages, 0));
  if (q.date) conds.push(...onDay(tickets.createdAt, q.date, zone));
  if (q.updatedAt) conds.push(...onDay(tickets.updatedAt, q.updatedAt, zone));
  if (q.searchParam) conds.push(matching(q.searchParam));
  if (q.tags.length > 0) conds.push(taggedWithAll(companyId, q.tags));
  const where = and(...conds);
  const order = [desc(tickets.updatedAt), desc(tickets.id)];
  // The page's ids first (an ordered index walk over tickets alone, stopping after the page),
  // then the references joined for those rows only.
  const pageIds = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(where)
    .orderBy(...order)
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset((q.pageNumber - 1) * TICKETS_PAGE_SIZE);
  return {
    page: selectTickets(tx, and(eq(tickets.companyId, companyId), inArray(tickets.id, pageIds))).orderBy(...order),
    total: tx.select({ n: count() }).from(tickets).where(where),
  };
}

async function timeZone(tx: Tx) {
  const [company] = await tx.select({ zone: companies.timezone }).from(companies);
  return company?.zone ?? 'America/Sao_Paulo';
}

/** `column` within the local day `day` (YYYY-MM-DD) of `zone`: a range, so indexes still apply. */
function onDay(column: typeof tickets.createdAt | typeof tickets.updatedAt, day: string, zone: string): SQL[] {
  const start = sql`((${day}::date)::timestamp at time zone ${zone})`;
  const end = sql`((${day}::date + 1)::timestamp at time zone ${zone})`;
  return [gte(column, start), lt(column, end)];
}

/**
 * Contact name or number, or a message's text, containing the search (case-insensitive). The
 * matching contacts and tickets come from two tenant-bound search functions (migration
 * 0008_tickets_tenancy: under row-level security LIKE cannot use the trigram indexes directly);
 * PostgreSQL builds each set once and checks every ticket of the page walk against it.
 */
function matching(search: string): SQL {
  const pattern = likePattern(search);
  return or(
    inArray(tickets.contactId, sql`(select tenant_contact_ids(${pattern}))`),
    inArray(tickets.id, sql`(select tenant_message_ticket_ids(${pattern}))`),
  )!;
}
