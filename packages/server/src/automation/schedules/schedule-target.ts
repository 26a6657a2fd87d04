import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { contacts, tickets, whatsapps } from '../../db/schema/index.js';

/**
 * Where a schedule's message goes, decided when it is sent:
 * - the connection: that of the contact's latest ticket (the number the customer knows), else the
 *   company's default connection; none → the schedule fails with `ERR_NO_DEF_WAPP_FOUND`;
 * - the ticket it is recorded in: the contact's live ticket on that connection, else its latest
 *   ticket there, else a new *closed* one. A schedule never puts a pending ticket in front of the
 *   attendants; the customer's reply opens one as any inbound message does.
 */
export async function scheduleTarget(
  tx: Tx,
  companyId: number,
  contactId: number,
): Promise<{ whatsappId: number; ticketId: number } | { error: string }> {
  const [latest] = await tx
    .select({ whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), isNotNull(tickets.whatsappId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  const whatsappId =
    latest?.whatsappId ??
    (await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true)).limit(1))[0]?.id;
  if (whatsappId === undefined || whatsappId === null) return { error: 'ERR_NO_DEF_WAPP_FOUND' };

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
