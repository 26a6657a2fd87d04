import { sql } from 'drizzle-orm';
import { AUTO_ASSIGN_MAX_OPEN_SETTING, autoAssignCap } from '@balcao/contracts';
import type { Tx } from '../../db/client.js';
import { oncePerTx } from '../../db/once-per-tx.js';
import { runTenant, type Deps, type Uow } from '../../platform/context.js';
import { tickets } from '../../db/schema/index.js';
import { tableRows } from '../../db/table-rows.js';
import { readSetting } from '../settings/read-setting.js';
import { stopFlowRuns } from '../flows/stop-flow.js';
import { recordActivity } from './activity.js';
import { attendanceStarted } from './accept-ticket.js';
import { loadTicketViews, type TicketRow } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';

/**
 * Automatic assignment (issue 36; docs/busy-day.md): a ticket waiting in a queue with
 * `auto_assign` (pending, no user, not a group) goes `open` to one of the queue's members: online
 * before away (away only when no online member can take it), then the fewest open tickets in that
 * queue, then the longest idle (oldest `last_activity_at`), then the lowest id. A member holding
 * `autoAssignMaxOpen` open tickets (all queues) is skipped, and so is, for a ticket, the attendant
 * who returned it to the queue (`returnedBy`). Nobody eligible: it waits, and
 * `assignWaiting` gives the queue's waiting tickets, oldest first, when someone comes online or
 * frees a slot.
 *
 * Serialised per company: a transaction-scoped advisory lock on (ASSIGN_LOCK, company) inside the
 * assigning transaction, so concurrent arrivals each see the assignments committed before them —
 * none picks a member the previous one just filled, and the cap, counted over every queue, holds
 * exactly. Only work touching an autoAssign queue ever takes it. Lock order: the ticket, then this
 * lock, then (draining) waiting tickets with SKIP LOCKED, so it never waits on a ticket. The
 * inbound path's entries offer after their commit (`offerAfterCommit`), a transfer at once.
 */

const ticketRows = tableRows(tickets);

/**
 * The class of the two-key advisory lock: negative, so it never meets the inbound pipeline's
 * (connection id, external id hash) keys; one-key locks live in another key space.
 */
const ASSIGN_LOCK = -36;

/** Takes the company's assignment lock; the caller already knows an autoAssign queue is involved. */
async function lockAssignment(tx: Tx, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ASSIGN_LOCK}::int, ${companyId}::int)`);
}

/** The company's cap (setting `autoAssignMaxOpen`), null when none. */
async function capOf(tx: Tx): Promise<number | null> {
  return autoAssignCap(await readSetting(tx, AUTO_ASSIGN_MAX_OPEN_SETTING));
}

/** The member of `queueId` who takes the next ticket, if any (see above), never `passedOver`. */
async function pickMember(
  tx: Tx,
  companyId: number,
  queueId: number,
  cap: number | null,
  passedOver: number | null = null,
): Promise<number | undefined> {
  const { rows } = await tx.execute<{ id: number }>(sql`
    select u.id from user_queues uq join users u on u.id = uq.user_id
    cross join lateral (
      select count(*) filter (where t.queue_id = ${queueId}) as here, count(*) as total
      from tickets t where t.company_id = ${companyId} and t.user_id = u.id and t.status = 'open') load
    where uq.company_id = ${companyId} and uq.queue_id = ${queueId} and u.presence <> 'offline'
      and (${cap}::int is null or load.total < ${cap}::int)
      and u.id is distinct from ${passedOver}::int
    order by u.presence = 'away', load.here, u.last_activity_at asc nulls first, u.id
    limit 1`);
  return rows[0]?.id;
}

/**
 * Gives the ticket (locked by the caller) to `userId` as an accept would: open, the chatbot off,
 * its flow stopped, the cycle started, the connection's greeting when `sendGreetingAccepted`; the
 * trail says `assigned` by the system (userId null). The caller publishes the ticket's events.
 */
async function assignTo(uow: Uow, ticket: TicketRow, userId: number): Promise<TicketRow> {
  const { tx } = uow;
  const { rows } = await tx.execute<Record<string, unknown>>(sql`
    update tickets set status = 'open', user_id = ${userId}, chatbot = false, updated_at = now()
    where id = ${ticket.id} returning ${ticketRows.list()}`);
  const row = ticketRows.map(rows[0]!);
  (await assignedInTx(tx)).add(row.id);
  await recordActivity(tx, ticket, null, [{ action: 'assigned', toUserId: userId }]);
  await stopFlowRuns(tx, row.id, 'attended');
  await attendanceStarted(uow, row);
  return row;
}

/**
 * The tickets this transaction's automatic assignments gave: a bulk's chunk, which read its
 * tickets at its start, reads those again before changing them.
 */
export function assignedInTx(tx: Tx): Promise<Set<number>> {
  return oncePerTx(tx, 'assigned-tickets', async () => new Set<number>());
}

/**
 * Who handed the ticket back to its queue, when that is the last thing done to it (the trail's
 * newest record: `assigned` to nobody, by a person): they are not given it again automatically.
 */
async function returnedBy(tx: Tx, ticketId: number): Promise<number | null> {
  const { rows } = await tx.execute<{ action: string; to_user_id: number | null; user_id: number | null }>(sql`
    select action, to_user_id, user_id from ticket_activities where ticket_id = ${ticketId} order by id desc limit 1`);
  const last = rows[0];
  return last?.action === 'assigned' && last.to_user_id === null ? last.user_id : null;
}

const waiting = (t: TicketRow) => t.status === 'pending' && t.userId === null && t.queueId !== null && !t.isGroup;

/**
 * A ticket that just entered its queue (locked by the caller; `autoAssignQueue`: the caller read
 * the queue's flag along with it, so queues without it cost nothing more). Answers the ticket as
 * assigned, or undefined when it waits.
 */
export async function autoAssign(
  uow: Uow,
  ticket: TicketRow,
  autoAssignQueue: boolean,
): Promise<TicketRow | undefined> {
  if (!autoAssignQueue || !waiting(ticket)) return undefined;
  await lockAssignment(uow.tx, ticket.companyId);
  const userId = await pickMember(uow.tx, ticket.companyId, ticket.queueId!, await capOf(uow.tx));
  return userId === undefined ? undefined : assignTo(uow, ticket, userId);
}

/**
 * Whether a member of the ticket's queue could take it now (read without the lock: a hint for the
 * entry, which then leaves the queue's holder out and offers the ticket after its commit).
 */
export async function someoneCanTake(tx: Tx, ticket: TicketRow): Promise<boolean> {
  if (!waiting(ticket)) return false;
  return (await pickMember(tx, ticket.companyId, ticket.queueId!, await capOf(tx))) !== undefined;
}

/**
 * After the caller's commit, its queue's waiting tickets (this one among them) are offered in a
 * transaction of their own: the inbound path's entries (the chatbot's choice, a flow's ticket
 * node) do not hold the company's assignment lock in their own transaction, and under a burst one
 * offer assigns every ticket committed by then, the later ones finding nothing left.
 */
export function offerAfterCommit(deps: Deps, uow: Uow, ticket: TicketRow): void {
  const { companyId, queueId } = ticket;
  uow.afterCommit.run(() =>
    runTenant(deps, companyId, (_tx, _events, own) => assignWaitingAndTell(own, companyId, [queueId!])),
  );
}

/**
 * Gives waiting tickets of the company's autoAssign queues (`queueIds`; all of them when omitted)
 * to their members, oldest ticket first, until nobody eligible is left: after someone came online
 * or freed a slot. Tickets another transaction holds are skipped (it assigns them itself, or the
 * next pass does). Answers the tickets assigned, as they now are (the caller publishes them).
 */
export async function assignWaiting(uow: Uow, companyId: number, queueIds?: readonly number[]): Promise<TicketRow[]> {
  const { tx } = uow;
  const scope = queueIds ? sql`and q.id = any(${sql.param([...queueIds])}::int[])` : sql``;
  const { rows: queues } = await tx.execute<{ id: number }>(sql`
    select q.id from queues q where q.company_id = ${companyId} and q.auto_assign ${scope}
      and exists (select 1 from tickets t where t.queue_id = q.id and t.status = 'pending' and t.user_id is null)
    order by q.id`);
  if (queues.length === 0) return [];
  await lockAssignment(tx, companyId);
  const cap = await capOf(tx);
  const assigned: TicketRow[] = [];
  for (const { id: queueId } of queues) {
    const passed: number[] = [];
    for (;;) {
      const first = await pickMember(tx, companyId, queueId, cap);
      if (first === undefined) break;
      const { rows } = await tx.execute<Record<string, unknown>>(sql`
        select ${ticketRows.list()} from tickets
        where queue_id = ${queueId} and status = 'pending' and user_id is null and not is_group
          and id <> all(${sql.param(passed)}::int[])
        order by id limit 1 for update skip locked`);
      if (rows.length === 0) break;
      const ticket = ticketRows.map(rows[0]!);
      // A ticket its attendant handed back goes to someone else, or waits for someone else.
      const returner = await returnedBy(tx, ticket.id);
      const userId = first === returner ? await pickMember(tx, companyId, queueId, cap, returner) : first;
      if (userId === undefined) {
        passed.push(ticket.id);
        continue;
      }
      assigned.push(await assignTo(uow, ticket, userId));
    }
  }
  return assigned;
}

/**
 * The autoAssign queues `userId` belongs to (a slot of theirs freed, or they came online). The
 * company's members of such queues are read once per transaction: a bulk's chunk of closes asks
 * for many users.
 */
export async function autoAssignQueuesOf(tx: Tx, userId: number): Promise<number[]> {
  const byUser = await oncePerTx(tx, 'auto-assign-queues', async () => {
    const { rows } = await tx.execute<{ userId: number; queueIds: number[] }>(sql`
      select uq.user_id as "userId", array_agg(q.id order by q.id) as "queueIds"
      from user_queues uq join queues q on q.id = uq.queue_id
      where q.auto_assign group by uq.user_id`);
    return new Map(rows.map((r) => [r.userId, r.queueIds]));
  });
  return byUser.get(userId) ?? [];
}

/**
 * `assignWaiting` for whoever has reason to run it: the tickets' events (each left the queue's
 * waiting list for its member) go out after the caller's commit.
 */
export async function assignWaitingAndTell(uow: Uow, companyId: number, queueIds?: readonly number[]): Promise<number> {
  const assigned = await assignWaiting(uow, companyId, queueIds);
  if (assigned.length === 0) return 0;
  for (const view of await loadTicketViews(
    uow.tx,
    assigned.map((t) => t.id),
  ))
    uow.events.push(
      ...ticketEvents.changed(companyId, view, { queueId: view.queueId, userId: null, status: 'pending' }),
    );
  return assigned.length;
}

/**
 * `before` (the ticket as it was, locked) was open with a user and is no longer theirs (closed,
 * transferred): a slot of theirs freed, so their autoAssign queues' waiting tickets are offered
 * again. One cheap read when they have no such queue.
 */
export async function freedSlot(uow: Uow, before: TicketRow): Promise<void> {
  if (before.status !== 'open' || before.userId === null) return;
  const queueIds = await autoAssignQueuesOf(uow.tx, before.userId);
  if (queueIds.length > 0) await assignWaitingAndTell(uow, before.companyId, queueIds);
}
