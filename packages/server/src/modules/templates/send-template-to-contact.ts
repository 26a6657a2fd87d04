import { eq } from 'drizzle-orm';
import type { ContactTemplateBody, ContactTemplateSent } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import { contacts, tickets, whatsapps } from '../../db/schema/index.js';
import { invalid, notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';
import { liveKey, liveTickets } from '../tickets/find-or-create.js';
import { loadTicketView } from '../tickets/ticket-view.js';
import { ticketEvents } from '../tickets/ticket-events.js';
import { trackCycle } from '../tickets/tracking.js';
import { otherOpenTicket } from '../tickets/other-open-ticket.js';
import { queueOutbound } from '../messages/queue-outbound.js';
import { loadMessageViews } from '../messages/message-view.js';
import { templateMessage } from './template-message.js';

/**
 * `POST /contacts/{id}/template`: a template to a contact from the contacts page, in one unit of
 * work. The contact's live ticket on that Cloud API connection is reused, or a new one made, by
 * the inbound pipeline's find-or-create (the partial unique index `tickets_one_live_key` keeps it
 * to one, also for two calls at once). A waiting ticket (new or not) is taken by the sender, open;
 * one another person attends answers ERR_OTHER_OPEN_TICKET naming it, as the new-ticket dialog
 * does. The template is checked before any ticket is touched (400 on `template.name` /
 * `template.variables`); another company's contact is 404.
 */
export async function sendTemplateToContact(ctx: Ctx, contactId: number, input: ContactTemplateBody) {
  const { actor } = ctx;
  const done = await ctx.tenant(async (tx, events, uow) => {
    const [contact] = await tx
      .select({ id: contacts.id, isGroup: contacts.isGroup })
      .from(contacts)
      .where(eq(contacts.id, contactId));
    if (!contact) throw notFound('contact');
    const [conn] = await tx
      .select({ id: whatsapps.id, provider: whatsapps.provider })
      .from(whatsapps)
      .where(eq(whatsapps.id, input.whatsappId));
    if (!conn) throw invalid({ whatsappId: 'notFound' }, 'Unknown connection');
    if (conn.provider !== 'cloud')
      throw invalid({ whatsappId: 'notCloud' }, 'Templates go through a Cloud API connection');
    const template = await templateMessage(tx, conn.id, input.template);

    const found = await liveTickets(tx, actor.companyId, [
      { contactId: contact.id, whatsappId: conn.id, isGroup: contact.isGroup },
    ]);
    let ticket = found.get(liveKey(contact.id, conn.id))!;
    if (ticket.status === 'open' && ticket.userId !== actor.userId) return null;
    if (ticket.status === 'pending') {
      const now = new Date();
      const [taken] = await tx
        .update(tickets)
        .set({ status: 'open', userId: actor.userId, chatbot: false, updatedAt: now })
        .where(eq(tickets.id, ticket.id))
        .returning();
      ticket = taken!;
      await trackCycle(tx, ticket, { startedAt: now });
    }
    const message = await queueOutbound(uow, {
      companyId: actor.companyId,
      ticketId: ticket.id,
      whatsappId: conn.id,
      userId: actor.userId,
      body: template.body,
      template: template.template,
    });
    const view = (await loadTicketView(tx, ticket.id))!;
    events.push(...ticketEvents.changed(actor.companyId, view));
    return { ticket: view, messages: await loadMessageViews(tx, [message.id]) };
  });
  if (!done) throw await otherOpenTicket(ctx, { contactId, whatsappId: input.whatsappId });
  return done;
}

wireMatches<Answer<typeof sendTemplateToContact>, ContactTemplateSent>(true);
