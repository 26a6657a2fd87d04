import { and, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts, tickets } from '../../db/schema/index.js';
import { scheduleConnectionId } from '../../modules/schedules/schedule-connection.js';

/**
 * Where a schedule's message goes, decided when it is sent:
 * - the connection: `scheduleConnectionId` (the contact's latest ticket's, else the company's
 *   default; the dialog asks the same through `GET /schedules/connection`); none → the schedule
 *   fails with `ERR_NO_DEF_WAPP_FOUND`;
 * - the ticket it is recorded in: the contact's live ticket on that connection, else its latest
 *   ticket there, else a new *closed* one. A schedule never puts a pending ticket in front of the
 *   attendants; the customer's reply opens one as any inbound message does.
 */
export async function scheduleTarget(
  tx: Tx,
  companyId: number,
  contactId: number,
): Promise<{ whatsappId: number; ticketId: number } | { error: string }> {
  const whatsappId = await scheduleConnectionId(tx, contactId);
  if (whatsappId === undefined) return { error: 'ERR_NO_DEF_WAPP_FOUND' };

  const [ticket] = await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), eq(tickets.whatsappId, whatsappId)))
    .orderBy(sql`${tickets.status} in ('pending', 'open') desc`, desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  if (ticket) return { whatsappId, ticketId: ticket.id };

  const [contact] = await tx.select({ isGroup: contacts.isGroup }).from(contacts).where(eq(contacts.id, contactId));
  const [created] = await tx
    .insert(tickets)
    .values({ companyId, contactId, whatsappId, status: 'closed', isGroup: contact?.isGroup ?? false })
    .returning({ id: tickets.id });
  return { whatsappId, ticketId: created!.id };
}
