import type { Ticket, TicketUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx, Uow } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { queues, users, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { assertHolders } from '../queues/holder-refs.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';
import { findVisibleTicket, type VisibleTicket } from './visible-ticket.js';
import { loadTicketViews, type TicketRow, type TicketView } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';
import { otherOpenTicket } from './other-open-ticket.js';
import { writeTicket, type Transition } from './transition.js';
import { acceptTicket } from './accept-ticket.js';
import { returnTicket } from './return-ticket.js';
import { closeTicket } from './close-ticket.js';
import { reopenTicket } from './reopen-ticket.js';
import { transferTicket } from './transfer-ticket.js';
import { stopFlowRunsOf, stopReason } from '../flows/stop-flow.js';

type Step = 'transfer' | 'accept' | 'return' | 'close' | 'reopen' | 'none';

/**
 * The transition a `PUT /tickets/{id}` body asks for (ARCHITECTURE.md, contract details):
 * closing, and reopening a closed ticket, go by the status (the spec's client names the ticket's
 * queue as it closes or reopens, or the queue it chose to reopen into); otherwise a queueId
 * transfers, and without one the status decides from the current one. Asking for the status
 * the ticket already has changes nothing; a closed ticket cannot go back to pending.
 */
export function stepFor(current: string, input: Pick<TicketUpdateBody, 'status' | 'queueId'>): Step {
  const wanted = input.status;
  if (wanted === 'closed') return current === 'closed' ? 'none' : 'close';
  if (wanted === 'open' && current === 'closed') return 'reopen';
  if (input.queueId !== undefined) return 'transfer';
  if (wanted === undefined || wanted === current) return 'none';
  if (wanted === 'open') return 'accept';
  if (current === 'open') return 'return';
  throw invalid({ status: 'invalidTransition' }, `A ${current} ticket cannot become ${wanted}`);
}

/**
 * Every id the body names is the company's, whichever transition uses it (a name the transition
 * ignores is still refused rather than silently dropped).
 */
async function checkReferences(tx: Tx, input: TicketUpdateBody) {
  await ownRows(tx, users, [input.userId], 'userId');
  await ownRows(tx, whatsapps, [input.whatsappId], 'whatsappId');
  await ownRows(tx, queues, [input.queueId], 'queueId');
  await assertHolders(tx, input);
}

/** What a ticket's transition leaves for what follows it (`settleChanges`). */
export interface TicketChange {
  id: number;
  before: Pick<TicketRow, 'queueId' | 'userId' | 'status'>;
  /** Whether anything was written (a body asking for the state the ticket has changes nothing). */
  changed: boolean;
}

/**
 * The transition a `PUT /tickets/{id}` body asks for, in `uow`'s transaction, the ticket row
 * locked (`found`: already locked and read in this transaction, as it still is). What follows
 * every transition (its view, its flow stopped, its events) is `settleChanges`, once for all
 * the transitions of the transaction.
 */
export async function changeTicket(
  ctx: Ctx,
  uow: Uow,
  id: number,
  input: TicketUpdateBody,
  found?: VisibleTicket,
): Promise<TicketChange> {
  const { ticket, viewer } = found ?? (await findVisibleTicket(uow.tx, ctx.actor, id, { lock: true }));
  await checkReferences(uow.tx, input);
  const before = { queueId: ticket.queueId, userId: ticket.userId, status: ticket.status };
  const s: Transition = { ...uow, ctx, viewer, ticket };
  const step = stepFor(ticket.status, input);

  const fields = {
    ...(input.useIntegration !== undefined ? { useIntegration: input.useIntegration } : {}),
    ...(input.promptId !== undefined ? { promptId: input.promptId } : {}),
    ...(input.integrationId !== undefined ? { integrationId: input.integrationId } : {}),
  };
  if (Object.keys(fields).length > 0) await writeTicket(s, fields);

  if (step === 'transfer')
    await transferTicket(s, { queueId: input.queueId!, userId: input.userId, whatsappId: input.whatsappId });
  else if (step === 'accept') await acceptTicket(s, input);
  else if (step === 'return') await returnTicket(s);
  else if (step === 'close') await closeTicket(s, input);
  else if (step === 'reopen') await reopenTicket(s, input);
  return { id, before, changed: step !== 'none' || Object.keys(fields).length > 0 };
}

/**
 * After the transitions of a transaction (one, or a bulk's chunk): their views read at once; a
 * ticket an attendant took, or that closed, has its flow stopped in the same transaction; the
 * changed ones are published to their audiences (and a delete to whoever lost them). Answers
 * the views in the order of `changes`.
 */
export async function settleChanges(ctx: Ctx, uow: Uow, changes: readonly TicketChange[]): Promise<TicketView[]> {
  const byId = new Map(
    (
      await loadTicketViews(
        uow.tx,
        changes.map((c) => c.id),
      )
    ).map((v) => [v.id, v]),
  );
  const views = changes.map((c) => byId.get(c.id)!);
  await stopFlowRunsOf(
    uow.tx,
    views.flatMap((view) => {
      const reason = stopReason(view);
      return reason ? [{ ticketId: view.id, reason }] : [];
    }),
  );
  changes.forEach((c, i) => {
    if (c.changed) uow.events.push(...ticketEvents.changed(ctx.actor.companyId, views[i]!, c.before));
  });
  return views;
}

/**
 * `PUT /tickets/{id}`: one transition in one transaction. Automatic messages are queued inside
 * the transaction and their outboxes kicked after commit.
 */
export async function updateTicket(ctx: Ctx, id: number, input: TicketUpdateBody): Promise<TicketView> {
  try {
    return await ctx.tenant(async (_tx, _events, uow) => {
      const [view] = await settleChanges(ctx, uow, [await changeTicket(ctx, uow, id, input)]);
      return view!;
    });
  } catch (err) {
    throw await updateRefusal(ctx, id, input, err);
  }
}

/**
 * The error a failed transition answers: reopening or moving a ticket while the contact has
 * another live one on that connection is ERR_OTHER_OPEN_TICKET (naming it); others as thrown.
 */
export async function updateRefusal(ctx: Ctx, id: number, input: TicketUpdateBody, err: unknown): Promise<unknown> {
  if (!isUniqueViolation(err, 'tickets_one_live_key')) return err;
  return otherOpenTicket(ctx, {
    ticketId: id,
    whatsappId: input.queueId !== undefined ? input.whatsappId : undefined,
  });
}

wireMatches<Answer<typeof updateTicket>, Ticket>(true);
