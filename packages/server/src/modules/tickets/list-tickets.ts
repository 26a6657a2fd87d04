import { and, count, eq, inArray, type SQL } from 'drizzle-orm';
import { can, TICKETS_PAGE_SIZE, type TicketListQuery, type TicketPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import { byShape } from '../../db/prepared.js';
import type { Ctx } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import { loadViewer } from './visibility.js';
import { selectTickets, withTags } from './ticket-view.js';
import { listConditions, listOrder } from './list-conditions.js';
import { matchedMessages, searchTickets } from './search-tickets.js';

/**
 * `GET /tickets` → `{tickets, count, hasMore}`, newest `updatedAt` first (or longest waiting
 * first: `orderBy`), 40 a page, under the filters of list-conditions.ts. The page's ids are picked first, by walking an index of
 * `tickets` in the list's order, then only those rows are joined for the view (ticket-view.ts).
 * With `searchParam` (contact name or number, or any message's text; lower-cased substring) the
 * ids and the count come from search-tickets.ts, whose count may be a lower bound, and each item
 * carries `matchedMessage`: the newest message that matched, null when its contact did.
 */
export async function listTickets(ctx: Ctx, q: TicketListQuery) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const viewer = await loadViewer(tx, actor);
    const showAll = q.showAll && can(actor, 'tickets-manager:showall');
    const zone = q.date || q.updatedAt ? await companyTimeZone(tx) : '';
    const where = listConditions(actor.companyId, viewer, q, showAll, zone);
    const order = listOrder(q.orderBy);
    if (q.searchParam) {
      const found = await searchTickets(tx, actor.companyId, where, q.searchParam, q.pageNumber, q.orderBy);
      const [views, matched] = await Promise.all([
        viewsOf(tx, actor.companyId, found.ids, order),
        matchedMessages(tx, actor.companyId, found.ids, q.searchParam),
      ]);
      const items = views.map((v) => ({ ...v, matchedMessage: matched.get(v.id) ?? null }));
      return { tickets: items, count: found.count, hasMore: found.hasMore };
    }
    return listPage(tx, actor.companyId, where, q.pageNumber, order);
  });
}

/** The page (one row more than shown, to know about the next) and the count of the whole list. */
async function listPage(tx: Tx, companyId: number, where: SQL | undefined, pageNumber: number, order: SQL[]) {
  const pageIds = tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(where)
    .orderBy(...order)
    .limit(TICKETS_PAGE_SIZE + 1)
    .offset((pageNumber - 1) * TICKETS_PAGE_SIZE);
  const rows = await byShape(
    tx,
    selectTickets(tx, and(eq(tickets.companyId, companyId), inArray(tickets.id, pageIds))).orderBy(...order),
  );
  const [counted] = await byShape(tx, tx.select({ n: count() }).from(tickets).where(where));
  return {
    tickets: rows.slice(0, TICKETS_PAGE_SIZE).map(withTags),
    count: counted?.n ?? 0,
    hasMore: rows.length > TICKETS_PAGE_SIZE,
  };
}

/** The tickets of `ids` as the list shows them, in the list's order. */
async function viewsOf(tx: Tx, companyId: number, ids: number[], order: SQL[]) {
  if (ids.length === 0) return [];
  const rows = await selectTickets(tx, and(eq(tickets.companyId, companyId), inArray(tickets.id, ids))).orderBy(
    ...order,
  );
  return rows.map(withTags);
}

wireMatches<Answer<typeof listTickets>, TicketPage>(true);
