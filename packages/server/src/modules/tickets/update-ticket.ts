import type { Ticket, TicketUpdateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { queues, users, whatsapps } from '../../db/schema/index.js';
import { ownRows } from '../../platform/own-rows.js';
import { assertHolders } from '../queues/holder-refs.js';
import { invalid, isUniqueViolation } from '../../platform/errors.js';
import { findVisibleTicket } from './visible-ticket.js';
import { loadTicketView, type TicketView } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';
import { otherOpenTicket } from './other-open-ticket.js';
import { writeTicket, type Transition } from './transition.js';
import { acceptTicket } from './accept-ticket.js';
import { returnTicket } from './return-ticket.js';
import { closeTicket } from './close-ticket.js';
import { reopenTicket } from './reopen-ticket.js';
import { transferTicket } from './transfer-ticket.js';
import { stopFlowRuns, stopReason } from '../flows/stop-flow.js';

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

/**
 * `PUT /tickets/{id}`: one transition in one transaction, the ticket row locked. Every change is
 * published to the ticket's audience (and a delete to whoever lost it); automatic messages are
 * queued inside the transaction and their outboxes kicked after commit.
 */
export async function updateTicket(ctx: Ctx, id: number, input: TicketUpdateBody): Promise<TicketView> {
  try {
    return await ctx.tenant(async (tx, events, uow) => {
      const { ticket, viewer } = await findVisibleTicket(tx, ctx.actor, id, { lock: true });
      await checkReferences(tx, input);
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

      const view = (await loadTicketView(tx, id))!;
      // An attendant took the ticket, or it closed: its flow stops in this same transaction.
      const stop = stopReason(view);
      if (stop) await stopFlowRuns(tx, id, stop);
      if (step !== 'none' || Object.keys(fields).length > 0)
        events.push(...ticketEvents.changed(ctx.actor.companyId, view, before));
      return view;
    });
  } catch (err) {
    // Reopening or moving a ticket while the contact has another live one on that connection.
    if (isUniqueViolation(err, 'tickets_one_live_key')) {
      throw await otherOpenTicket(ctx, {
        ticketId: id,
        whatsappId: input.queueId !== undefined ? input.whatsappId : undefined,
      });
    }
    throw err;
  }
}

wireMatches<Answer<typeof updateTicket>, Ticket>(true);
