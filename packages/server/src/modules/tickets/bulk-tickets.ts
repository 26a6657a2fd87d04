import { inArray } from 'drizzle-orm';
import type { BulkSkipReason, TicketBulkAnswer, TicketBulkBody, TicketUpdateBody } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { queues, tags, tickets, users } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { AppError } from '../../platform/errors.js';
import { syncTicketTags } from '../tags/sync-ticket-tags.js';
import { updateTicket } from './update-ticket.js';

/** Tickets acted on at once: each is its own transaction, a few share the connection pool. */
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
 * `POST /tickets/bulk`: each ticket goes through its single route (`PUT /tickets/{id}`, or
 * `POST /tags/sync` for `tag`), so the same rules, permissions, activity and events apply, one
 * transaction per ticket. A ticket the caller cannot see, whatever the cause, is `not_found`; a
 * single route's refusal is skipped with its error code.
 */
export async function bulkTickets(ctx: Ctx, body: TicketBulkBody): Promise<TicketBulkAnswer> {
  const ids = [...new Set(body.ticketIds)];
  const rows = await ctx.tenant(async (tx) => {
    // What the body names besides the tickets is the company's, whichever action uses it (as the
    // single route: a name the action ignores is refused, not dropped), before any ticket changes.
    await ownRows(tx, queues, [body.queueId], 'queueId');
    await ownRows(tx, users, [body.userId], 'userId');
    await ownRows(tx, tags, body.tagIds ?? [], 'tagIds');
    // The company's rows only (RLS); whether the caller may see each is the single route's check.
    return tx.select({ id: tickets.id, status: tickets.status }).from(tickets).where(inArray(tickets.id, ids));
  });
  const statuses = new Map(rows.map((r) => [r.id, r.status]));
  let updated = 0;
  const skipped: TicketBulkAnswer['skipped'] = [];
  const skip = (id: number, reason: BulkSkipReason) => skipped.push({ id, reason });

  const one = async (id: number) => {
    const status = statuses.get(id);
    if (status === undefined) return skip(id, 'not_found');
    try {
      if (body.action === 'tag') {
        await syncTicketTags(ctx, { ticketId: id, tags: body.tagIds!.map((tagId) => ({ id: tagId })) });
        return void updated++;
      }
      const input = singleBody(body, status);
      if (typeof input === 'string') return skip(id, input);
      await updateTicket(ctx, id, input);
      updated++;
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      skip(id, err.status === 404 ? 'not_found' : err.code);
    }
  };

  let next = 0;
  const worker = async () => {
    while (next < ids.length) await one(ids[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, ids.length) }, worker));
  skipped.sort((x, y) => ids.indexOf(x.id) - ids.indexOf(y.id));
  return { updated, skipped };
}
