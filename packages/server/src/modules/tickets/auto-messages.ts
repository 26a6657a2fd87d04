import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { oncePerTx } from '../../db/once-per-tx.js';
import { companyTimeZone } from '../companies/company-time-zone.js';
import type { Uow } from '../../platform/context.js';
import { contacts, whatsapps } from '../../db/schema/index.js';
import { queueOutbound } from '../messages/queue-outbound.js';
import { applyMessageVariables } from '../messages/message-variables.js';
import type { TicketRow } from './ticket-view.js';

/**
 * Messages the system sends on a ticket's behalf (greeting on accept, transfer notice, rating
 * request, completion): stored as queued in the transition's transaction, with the message
 * variables filled in; `queueOutbound` kicks the connection's outbox after commit.
 */

/** The connection's automatic texts, read once per transaction (a close needs them twice, a bulk's chunk once). */
export async function connectionTexts(tx: Tx, whatsappId: number | null) {
  if (whatsappId === null) return undefined;
  return oncePerTx(tx, `connection-texts:${whatsappId}`, async () => {
    const [row] = await tx
      .select({
        greetingMessage: whatsapps.greetingMessage,
        complationMessage: whatsapps.complationMessage,
        ratingMessage: whatsapps.ratingMessage,
      })
      .from(whatsapps)
      .where(eq(whatsapps.id, whatsappId));
    return row;
  });
}

/** Fills the variables of `template` for this ticket's contact, in the company's time zone. */
export async function renderFor(tx: Tx, ticket: Pick<TicketRow, 'id' | 'contactId'>, template: string) {
  if (!template.includes('{{')) return template;
  const [contact] = await tx.select({ name: contacts.name }).from(contacts).where(eq(contacts.id, ticket.contactId));
  return applyMessageVariables(template, {
    contactName: contact?.name ?? '',
    ticketId: ticket.id,
    timeZone: await companyTimeZone(tx),
  });
}

/** Queues `template` (variables filled) on the ticket's connection; nothing when blank or no connection. */
export async function queueAutoMessage(uow: Uow, ticket: TicketRow, template: string) {
  if (!template.trim() || ticket.whatsappId === null) return;
  const body = await renderFor(uow.tx, ticket, template);
  await queueOutbound(uow, {
    companyId: ticket.companyId,
    ticketId: ticket.id,
    whatsappId: ticket.whatsappId,
    body,
    userId: null,
  });
}

/** The transfer notice (setting sendMsgTransfTicket). */
export const transferNotice = (queueName: string, userName?: string) =>
  userName
    ? `*Mensagem automática*:\nVocê foi transferido para o atendente *${userName}* do departamento *${queueName}*.\nAguarde, já vamos te atender!`
    : `*Mensagem automática*:\nVocê foi transferido para o departamento *${queueName}*.\nAguarde, já vamos te atender!`;
