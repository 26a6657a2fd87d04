import { and, desc, eq, inArray, isNull, ne, or, type SQL } from 'drizzle-orm';
import { can, KANBAN_PAGE_SIZE, type KanbanQuery, type KanbanPage } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { listScope, loadViewer } from '../tickets/visibility.js';
import { selectTickets } from '../tickets/ticket-view.js';
import { laneCounts } from './lane-counts.js';

/**
 * `GET /ticket/kanban` → `{tickets, count, hasMore, lanes}`: the tickets not closed, newest `updatedAt`
 * first, each as the ticket list shows it (uuid, contact with name and number, lastMessage, tags
 * with their kanban flag — the board puts a card in its lane tag's column, else in "open").
 * The scope is the ticket list's (tickets/visibility.ts): the caller's queues, queueless ones
 * with allTicket, their own, and every pending one for an admin; everything for an admin asking
 * `showAll` (with `tickets-manager:showall`). `queueIds` narrows it as in the list (those
 * queues, plus queueless tickets). `lanes`: each lane's exact count (lane-counts.ts).
 */
export function listKanban(ctx: Ctx, q: KanbanQuery) {
  const { actor } = ctx;
  return ctx.tenant(async (tx) => {
    const viewer = await loadViewer(tx, actor);
    const showAll = q.showAll && can(actor, 'tickets-manager:showall');
    const conds: Array<SQL | undefined> = [
      eq(tickets.companyId, actor.companyId),
      ne(tickets.status, 'closed'),
      listScope(viewer, showAll),
    ];
    if (q.queueIds.length > 0) conds.push(or(inArray(tickets.queueId, q.queueIds), isNull(tickets.queueId)));
    const where = and(...conds);
    const order = [desc(tickets.updatedAt), desc(tickets.id)];
    const [rows, lanes] = await Promise.all([
      selectTickets(tx, where)
        .orderBy(...order)
        .limit(KANBAN_PAGE_SIZE + 1)
        .offset((q.pageNumber - 1) * KANBAN_PAGE_SIZE),
      laneCounts(tx, where),
    ]);
    return {
      tickets: rows.slice(0, KANBAN_PAGE_SIZE),
      // Every ticket sits in exactly one lane.
      count: lanes.reduce((sum, l) => sum + l.count, 0),
      hasMore: rows.length > KANBAN_PAGE_SIZE,
      lanes,
    };
  });
}

wireMatches<Answer<typeof listKanban>, KanbanPage>(true);
