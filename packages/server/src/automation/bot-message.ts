import type { Uow } from '../platform/context.js';
import { queueOutbound, type OutboundInput } from '../modules/messages/queue-outbound.js';
import { applyMessageVariables, type VariableContext } from '../modules/messages/message-variables.js';

/**
 * A message of the chatbot or a time rule: its variables filled in ({{name}}, {{ms}} … in the
 * company's zone), stored queued with no user and marked as the bot's (`data.bot`, shown as
 * `fromBot`); the connection's outbox is kicked after commit.
 */
export function queueBotMessage(
  uow: Uow,
  target: { companyId: number; ticketId: number; whatsappId: number },
  template: string,
  vars: VariableContext,
  ticketPatch?: OutboundInput['ticketPatch'],
) {
  const body = applyMessageVariables(template, vars);
  return queueOutbound(uow, { ...target, body, userId: null, bot: true, ticketPatch });
}
