import { and, count, eq, gt, inArray, ne, or, sql, type SQL } from 'drizzle-orm';
import { TICKETS_PAGE_SIZE, type TicketPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { loadViewer, myScopeWhere, type Viewer } from './visibility.js';
import { selectTickets } from './ticket-view.js';
import { LIST_ORDER } from './list-conditions.js';

/**
 * The bell's tickets (operations §2), the server's twin of the web's `isNotified`
 * (features/notifications/notificationRules.ts): not closed, with unread messages, and either
 * assigned to the caller or pending where the caller may take it — any pending ticket for an
 * admin, the visible ones for a user whose allTicket is on, none for the others.
 */
function notifiedWhere(companyId: number, viewer: Viewer): SQL | undefined {
  const takeable = viewer.admin ? sql`true` : viewer.allTicket ? myScopeWhere(viewer) : sql`false`;
  return and(
    eq(tickets.companyId, companyId),
    ne(tickets.status, 'closed'),
    gt(tickets.unreadMessages, 0),
    or(eq(tickets.userId, viewer.userId), and(eq(tickets.status, 'pending'), takeable)),
  );
}

/**
 * `GET /tickets/notifications` → `{tickets, count, hasMore}`: the newest 40 of the bell's tickets
 * and how many there are in all (the badge: exact, not the page's length).
 */
export function listNotifiedTickets(ctx: Ctx) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const viewer = await loadViewer(tx, actor);
    const where = notifiedWhere(actor.companyId, viewer);
    const pageIds = tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(TICKETS_PAGE_SIZE + 1);
    const [rows, [counted]] = await Promise.all([
      selectTickets(tx, and(eq(tickets.companyId, actor.companyId), inArray(tickets.id, pageIds))).orderBy(
        ...LIST_ORDER,
      ),
      tx.select({ n: count() }).from(tickets).where(where),
    ]);
    return {
      tickets: rows.slice(0, TICKETS_PAGE_SIZE),
      count: counted?.n ?? 0,
      hasMore: rows.length > TICKETS_PAGE_SIZE,
    };
  });
}

wireMatches<Answer<typeof listNotifiedTickets>, TicketPage>(true);
