import type { BulkSkipReason, TicketBulkAnswer, TicketBulkBody, TicketUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { inSavepoint } from '../../platform/unit-of-work.js';
import { queues, tags, users } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { AppError } from '../../platform/errors.js';
import { syncTicketTags } from '../tags/sync-ticket-tags.js';
import { assignedInTx } from './auto-assign.js';
import { lockVisibleTickets } from './visible-ticket.js';
import { changeTicket, settleChanges, updateRefusal, type TicketChange } from './update-ticket.js';

/**
 * Tickets changed in one transaction (a chunk), each in a savepoint of its own. Fewer than 64:
 * past that many subtransactions PostgreSQL's per-backend cache overflows and every session's
 * snapshots get slower while the chunk is open.
 */
const CHUNK = 50;
/** Chunks (or, for `tag`, tickets) acted on at once, sharing the connection pool. */
const CONCURRENCY = 4;

/**
 * The single route's body for the action, or why the ticket is left alone: the action's target
 * state is already reached (`unchanged`), or the ticket is not in a state the action starts from.
 * Without this check `accept` on a closed ticket would be the single route's reopen.
 */
function singleBody(body: TicketBulkBody, status: string): TicketUpdateBody | BulkSkipReason {
  switch (body.action) {
    case 'accept':
      if (status === 'open') return 'unchanged';
      return status === 'pending' ? { status: 'open', userId: body.userId } : 'invalid_status';
    case 'close':
      return status === 'closed' ? 'unchanged' : { status: 'closed' };
    case 'reopen':
      return status === 'closed' ? { status: 'open', queueId: body.queueId } : 'unchanged';
    case 'transfer':
      return { queueId: body.queueId!, userId: body.userId };
    default:
      return 'invalid_status';
  }
}

/**
 * `POST /tickets/bulk`: each ticket goes through its single route's steps (`PUT /tickets/{id}`'s
 * `changeTicket` and `settleChanges`, or `POST /tags/sync` for `tag`), so the same rules,
 * permissions, activity and events apply. The transitions go in chunks: one transaction per
 * chunk, each ticket in a savepoint of its own, so a refused ticket is rolled back alone (its
 * trail, its messages, its events with it) and skipped with its error code while the others go
 * on; the chunk's reads that do not change (settings, a connection's texts) are read once, and
 * its events are published after its commit. A ticket the caller cannot see, whatever the
 * cause, is `not_found`.
 */
export async function bulkTickets(ctx: Ctx, body: TicketBulkBody): Promise<TicketBulkAnswer> {
  const ids = [...new Set(body.ticketIds)];
  await ctx.tenant(async (tx) => {
    // What the body names besides the tickets is the company's, whichever action uses it (as the
    // single route: a name the action ignores is refused, not dropped), before any ticket changes.
    await ownRows(tx, queues, [body.queueId], 'queueId');
    await ownRows(tx, users, [body.userId], 'userId');
    await ownRows(tx, tags, body.tagIds ?? [], 'tagIds');
  });
  const answer: TicketBulkAnswer = { updated: 0, skipped: [] };
  const skip = (id: number, reason: BulkSkipReason) => answer.skipped.push({ id, reason });
  const parts = body.action === 'tag' ? ids.map((id) => [id]) : chunks(ids, CHUNK);
  const act = body.action === 'tag' ? tagOne : changeChunk;

  let next = 0;
  const worker = async () => {
    while (next < parts.length) await act(ctx, body, parts[next++]!, answer, skip);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, parts.length) }, worker));
  answer.skipped.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
  return answer;
}

type Skip = (id: number, reason: BulkSkipReason) => void;

/** A single route's refusal as the bulk's answer tells it (404: `not_found`, whatever the cause). */
function refusalReason(err: unknown): BulkSkipReason {
  if (!(err instanceof AppError)) throw err;
  return err.status === 404 ? 'not_found' : err.code;
}

/** `tag`: the tag sync's own transaction per ticket. */
async function tagOne(ctx: Ctx, body: TicketBulkBody, [id]: number[], answer: TicketBulkAnswer, skip: Skip) {
  try {
    await syncTicketTags(ctx, { ticketId: id!, tags: body.tagIds!.map((tagId) => ({ id: tagId })) });
    answer.updated++;
  } catch (err) {
    skip(id!, refusalReason(err));
  }
}

/**
 * A chunk's transitions in one transaction. Its tickets are locked and read first, in id order,
 * with the caller's view of them (one statement instead of one per ticket), so a chunk never
 * holds the company's assignment lock (a freed slot's) while waiting for a ticket another
 * transaction holds; their status, read under that lock, decides each one's body.
 */
async function changeChunk(ctx: Ctx, body: TicketBulkBody, ids: number[], answer: TicketBulkAnswer, skip: Skip) {
  const updated = await ctx.tenant(async (tx, _events, uow) => {
    // The single route's visibility check, for the whole chunk in one read.
    const visible = await lockVisibleTickets(tx, ctx.actor, ids);
    const changes: TicketChange[] = [];
    for (const id of ids) {
      let found = visible.get(id);
      // A waiting ticket an earlier one's freed slot just assigned is read again (its step, its `before`).
      if (found && (await assignedInTx(tx)).has(id)) found = (await lockVisibleTickets(tx, ctx.actor, [id])).get(id);
      if (found === undefined) {
        skip(id, 'not_found');
        continue;
      }
      const input = singleBody(body, found.ticket.status);
      if (typeof input === 'string') {
        skip(id, input);
        continue;
      }
      try {
        changes.push(await inSavepoint(uow, (own) => changeTicket(ctx, own, id, input, found)));
      } catch (err) {
        skip(id, refusalReason(await updateRefusal(ctx, id, input, err)));
      }
    }
    await settleChanges(ctx, uow, changes);
    return changes.length;
  });
  // Added after the await: `answer.updated += await …` would read the count before it, and the
  // chunks running beside it would lose theirs.
  answer.updated += updated;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}
