import { eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { tickets } from '../db/schema/index.js';
import { loadTicketView } from '../modules/tickets/ticket-view.js';
import { ticketEvents } from '../modules/tickets/ticket-events.js';
import { decide } from './chatbot-flow.js';
import { readBotTurn } from './read-bot-turn.js';
import { queueBotMessage } from './bot-message.js';
import { enterQueueHolder } from './holder-entry.js';
import type { ChatbotJob } from './chatbot-jobs.js';

/**
 * The chatbot's turn: answers one stored customer message of a ticket nobody attends (pending,
 * no user, not a group). Run at once by the process that stored the message, claiming its job
 * (`claim`: the job's id, deleted in this transaction), or later by a job worker when that run
 * never committed. Safe to run twice: the ticket row is locked and `botHandledMessageId` records
 * the newest message answered, so a retry, a duplicate or an older message arriving after a
 * newer one was answered changes nothing. State, replies (stored queued, marked as the bot's) and
 * the ticket's event are one transaction; the outbox is kicked after commit.
 */
export async function runChatbot(
  deps: Deps,
  job: ChatbotJob,
  opts: { claim?: string; now?: Date } = {},
): Promise<void> {
  const now = opts.now ?? new Date();
  await runTenant(deps, job.companyId, async (tx, events, uow) => {
    const turn = await readBotTurn(tx, job, opts.claim);
    if (!turn?.claimed) return;
    const { ticket, body, setup } = turn;
    if (ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup) return;
    // A flow started after this message was stored (an earlier message's phrase): it holds the ticket.
    if (turn.flowRunning) return;
    if (ticket.whatsappId === null || body === null || setup === null) return;
    if (ticket.botHandledMessageId !== null && ticket.botHandledMessageId >= job.messageId) return;

    const { replies, patch, joined } = decide(ticket, setup, body, now);
    const moved = patch.queueId !== undefined && patch.queueId !== ticket.queueId;
    const changed = moved || (patch.chatbot !== undefined && patch.chatbot !== ticket.chatbot);
    // The bot's state rides on the first reply's ticket update; without a reply it is its own write.
    const state = { ...patch, botHandledMessageId: job.messageId, ...(changed ? { updatedAt: sql`now()` } : {}) };
    if (replies.length === 0) await tx.update(tickets).set(state).where(eq(tickets.id, ticket.id));
    const target = { companyId: job.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId };
    const vars = { contactName: turn.contactName, ticketId: ticket.id, timeZone: setup.timeZone, now };
    for (const [i, text] of replies.entries()) {
      await queueBotMessage(uow, target, text, vars, i === 0 ? state : undefined);
    }
    // The queue's integration or prompt takes the ticket from here (holder-entry.ts).
    if (moved && joined) await enterQueueHolder(deps, uow, ticket.id, { way: joined, messageId: job.messageId });
    // Joining (or leaving) a queue changes who sees the ticket: its new audience hears the
    // update, the old one a delete.
    if (changed) {
      const view = (await loadTicketView(tx, ticket.id))!;
      events.push(...ticketEvents.changed(job.companyId, view, ticket));
    }
  });
}
