import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { contacts, messages, tickets } from '../db/schema/index.js';
import { kickOutboxes, type Kicks } from '../modules/tickets/auto-messages.js';
import { loadTicketView } from '../modules/tickets/ticket-view.js';
import { pushTicketChange } from '../modules/tickets/ticket-events.js';
import { decide } from './chatbot-flow.js';
import { loadBotSetup } from './load-bot-setup.js';
import { queueBotMessage } from './bot-message.js';

export interface ChatbotJob {
  companyId: number;
  ticketId: number;
  messageId: number;
}

/**
 * The chatbot job: answers one stored customer message of a ticket nobody attends (pending,
 * no user, not a group). Safe to run twice: the ticket row is locked and `botHandledMessageId`
 * records the newest message answered, so a retry, a duplicate job or an older message arriving
 * after a newer one was answered changes nothing. State, replies (stored queued, marked as the
 * bot's) and the ticket's event are one transaction; the outbox is kicked after commit.
 */
export async function runChatbot(deps: Deps, job: ChatbotJob, now = new Date()): Promise<void> {
  const kicks: Kicks = new Set();
  await runTenant(deps, job.companyId, async (tx, events) => {
    // The ticket (locked), the message's text and the contact's name, in one read.
    const [row] = await tx
      .select({ ticket: tickets, body: messages.body, contactName: contacts.name })
      .from(tickets)
      .innerJoin(contacts, eq(contacts.id, tickets.contactId))
      .leftJoin(
        messages,
        and(eq(messages.id, job.messageId), eq(messages.ticketId, tickets.id), eq(messages.fromMe, false)),
      )
      .where(eq(tickets.id, job.ticketId))
      .for('update', { of: tickets });
    const ticket = row?.ticket;
    if (!ticket || ticket.status !== 'pending' || ticket.userId !== null || ticket.isGroup) return;
    if (ticket.whatsappId === null || row.body === null) return;
    if (ticket.botHandledMessageId !== null && ticket.botHandledMessageId >= job.messageId) return;
    const setup = await loadBotSetup(tx, ticket.whatsappId, ticket.queueId);
    if (!setup) return;

    const { replies, patch } = decide(ticket, setup, row.body, now);
    const moved = patch.queueId !== undefined && patch.queueId !== ticket.queueId;
    const changed = moved || (patch.chatbot !== undefined && patch.chatbot !== ticket.chatbot);
    await tx
      .update(tickets)
      .set({ ...patch, botHandledMessageId: job.messageId, ...(changed ? { updatedAt: sql`now()` } : {}) })
      .where(eq(tickets.id, ticket.id));
    if (replies.length > 0) {
      const target = { companyId: job.companyId, ticketId: ticket.id, whatsappId: ticket.whatsappId };
      const vars = { contactName: row.contactName, ticketId: ticket.id, timeZone: setup.timeZone, now };
      for (const text of replies) await queueBotMessage(tx, events, target, text, vars);
      kicks.add(ticket.whatsappId);
    }
    // Joining (or leaving) a queue changes who sees the ticket: its new audience hears the
    // update, the old one a delete.
    if (changed) {
      const view = (await loadTicketView(tx, ticket.id))!;
      pushTicketChange(events, job.companyId, view, { queueId: ticket.queueId, userId: ticket.userId });
    }
  });
  await kickOutboxes(deps, kicks);
}
