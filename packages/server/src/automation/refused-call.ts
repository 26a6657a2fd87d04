import { and, eq, sql } from 'drizzle-orm';
import type { Deps } from '../platform/context.js';
import { runTenant } from '../platform/context.js';
import { messages, tickets } from '../db/schema/index.js';
import { queueOutbound } from '../modules/messages/queue-outbound.js';
import type { ConnectionRef } from '../channels/channel.js';

/** What a caller reads when the company takes no calls (the "call" setting disabled). */
export const CALL_REFUSED_TEXT =
  '*Mensagem automática:* este número não atende chamadas de voz ou vídeo. ' +
  'Por favor, envie sua mensagem por escrito que responderemos por aqui. Obrigado!';

/**
 * After a refused call's call-log message is stored (the provider refused the call on WhatsApp,
 * `InboundMessage.refusedCall`): tells the caller, on the same ticket, that calls are not taken —
 * an outbound bot message queued like any other, then the outbox is kicked. Once per call: the
 * call-log message records that its answer was queued, so it never answers twice. Not for groups.
 */
export async function answerRefusedCall(deps: Deps, conn: ConnectionRef, callLogId: number): Promise<boolean> {
  return runTenant(deps, conn.companyId, async (tx, _events, uow) => {
    const [log] = await tx
      .update(messages)
      .set({ data: sql`coalesce(${messages.data}, '{}'::jsonb) || '{"refusalAnswered": true}'::jsonb` })
      .where(
        and(eq(messages.id, callLogId), sql`coalesce((${messages.data}->>'refusalAnswered')::boolean, false) = false`),
      )
      .returning({ ticketId: messages.ticketId });
    if (!log) return false;
    const [ticket] = await tx.select({ isGroup: tickets.isGroup }).from(tickets).where(eq(tickets.id, log.ticketId));
    if (!ticket || ticket.isGroup) return false;
    await queueOutbound(uow, {
      companyId: conn.companyId,
      ticketId: log.ticketId,
      whatsappId: conn.id,
      body: CALL_REFUSED_TEXT,
      userId: null,
      bot: true,
    });
    return true;
  });
}
