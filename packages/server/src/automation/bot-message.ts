import type { Tx } from '../db/client.js';
import type { EventSink } from '../platform/context.js';
import { queueOutbound, type OutboundInput } from '../modules/messages/queue-outbound.js';
import { applyMessageVariables, type VariableContext } from '../modules/messages/message-variables.js';

/**
 * A message of the chatbot or a time rule: its variables filled in ({{name}}, {{ms}} … in the
 * company's zone), stored queued with no user and marked as the bot's (`data.bot`, shown as
 * `fromBot`). The caller kicks the connection's outbox after commit.
 */
export function queueBotMessage(
  tx: Tx,
  events: EventSink,
  target: { companyId: number; ticketId: number; whatsappId: number },
  template: string,
  vars: VariableContext,
  ticketPatch?: OutboundInput['ticketPatch'],
) {
  const body = applyMessageVariables(template, vars);
  return queueOutbound(tx, events, { ...target, body, userId: null, bot: true, ticketPatch });
}
