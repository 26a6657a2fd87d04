import { eq, inArray, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { can, inMyScope, type TicketViewer } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { tickets, userQueues, users } from '../../db/schema/index.js';
import type { Actor } from '../../platform/context.js';
import { prepared } from '../../db/prepared.js';

/**
 * Who sees a ticket — one rule for the list, one ticket, its messages, its transitions and the
 * socket joins:
 * - an admin sees every ticket of the company;
 * - anyone else sees the tickets of their queues, the queueless ones when their allTicket is
 *   'enable', and the tickets assigned to them.
 * Anything else answers 404, exactly like another company's ticket.
 *
 * The list is narrower for admins: without `showAll` (and its permission) they get "mine" plus
 * every pending ticket (contracts' ticket-scope.ts, `inListScope`), so the show-all switch still
 * means something: other people's open and closed tickets (see `listScope`).
 */
export type Viewer = TicketViewer;
export { inMyScope };

/** The tickets' admin (the table's `tickets:manageAll`): sees, assigns and opens every ticket. */
export const isAdmin = (actor: Pick<Actor, 'profile'>) => can(actor, 'tickets:manageAll');

/**
 * The user's profile, queues and allTicket flag, read fresh: they may change during a session
 * (a socket lives for hours).
 */
export async function loadViewer(tx: Tx, actor: Pick<Actor, 'userId'>): Promise<Viewer> {
  // One round trip, prepared once per connection: every list, kanban and socket join reads it.
  const [row] = await prepared(tx, 'load_viewer', (name) =>
    tx
      .select(viewerColumns(sql.placeholder('userId')))
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  ).execute({ userId: actor.userId });
  return viewerOf(actor, row ?? { viewerProfile: null, viewerAllTicket: null, viewerQueueIds: [] });
}

/**
 * The same three facts as columns of another select on the tickets (scalar sub-selects, so a
 * `for update` still locks only the ticket): one round trip for the ticket and its viewer.
 * `userId` may be a placeholder of a prepared statement.
 */
export function viewerColumns(userId: number | Placeholder) {
  return {
    viewerProfile: sql<string | null>`(select ${users.profile} from ${users} where ${users.id} = ${userId})`,
    viewerAllTicket: sql<string | null>`(select ${users.allTicket} from ${users} where ${users.id} = ${userId})`,
    viewerQueueIds: sql<number[]>`array(select ${userQueues.queueId} from ${userQueues}
                                          where ${userQueues.userId} = ${userId})`,
  };
}

type ViewerColumns = { viewerProfile: string | null; viewerAllTicket: string | null; viewerQueueIds: number[] };

/** The Viewer out of a row selected with `viewerColumns` (a missing user sees as loadViewer's). */
export function viewerOf(actor: Pick<Actor, 'userId'>, row: ViewerColumns): Viewer {
  return {
    userId: actor.userId,
    admin: row.viewerProfile !== null && isAdmin({ profile: row.viewerProfile }),
    queueIds: row.viewerQueueIds,
    allTicket: row.viewerAllTicket === 'enable',
  };
}

/** May this viewer see (open, read, work) this ticket? */
export function canSee(viewer: Viewer, ticket: { queueId: number | null; userId: number | null }): boolean {
  return viewer.admin || inMyScope(viewer, ticket);
}

/** `inMyScope` as SQL over `tickets`, for the list. */
export function myScopeWhere(viewer: Viewer): SQL {
  const parts: SQL[] = [eq(tickets.userId, viewer.userId)];
  if (viewer.queueIds.length > 0) parts.push(inArray(tickets.queueId, viewer.queueIds));
  if (viewer.allTicket) parts.push(isNull(tickets.queueId));
  return or(...parts)!;
}

/**
 * The list's scope: every ticket when `showAll` is honoured (asked, and the caller holds
 * `tickets-manager:showall` — the route decides), else `inListScope` as SQL: "mine", plus every
 * pending ticket for an admin. The realtime hub agrees: ticket events reach the admins' room
 * whatever the queue (platform/realtime.ts).
 */
export function listScope(viewer: Viewer, showAll: boolean): SQL | undefined {
  if (showAll) return undefined;
  return viewer.admin ? or(myScopeWhere(viewer), eq(tickets.status, 'pending')) : myScopeWhere(viewer);
}

/** `canSee` as SQL, for single reads. */
export function visibleWhere(viewer: Viewer): SQL | undefined {
  return viewer.admin ? undefined : myScopeWhere(viewer);
}
