import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.js';
import { contacts, tickets } from '../db/schema/index.js';

/**
 * The contact of a phone number (or group), created on first sight. A push name fills the name
 * only while the contact has none of its own (the number); a name the staff chose is kept.
 */
export async function upsertContact(
  tx: Tx,
  companyId: number,
  c: { number: string; name?: string; lid?: string; isGroup: boolean; whatsappId: number },
) {
  const name = c.name?.trim() || c.number;
  const [row] = await tx
    .insert(contacts)
    .values({ companyId, number: c.number, name, lid: c.lid ?? null, isGroup: c.isGroup, whatsappId: c.whatsappId })
    .onConflictDoUpdate({
      target: [contacts.companyId, contacts.number],
      set: {
        name: sql`case when ${contacts.name} = ${contacts.number} and ${name} <> ${c.number} then ${name} else ${contacts.name} end`,
        lid: sql`coalesce(excluded.lid, ${contacts.lid})`,
        updatedAt: sql`now()`,
      },
    })
    .returning();
  return row!;
}

/**
 * The contact's live ticket on this connection (pending or open), or a new pending one. A closed
 * ticket is never silently reused. Two messages racing for the first ticket meet at the partial
 * unique index `tickets_one_live_key`: the loser reads the winner's ticket.
 */
export async function liveTicket(tx: Tx, companyId: number, contactId: number, whatsappId: number, isGroup: boolean) {
  const live = () =>
    tx
      .select()
      .from(tickets)
      .where(
        and(
          eq(tickets.contactId, contactId),
          eq(tickets.whatsappId, whatsappId),
          inArray(tickets.status, ['pending', 'open']),
        ),
      )
      .for('update')
      .limit(1);
  const [existing] = await live();
  if (existing) return { ticket: existing, created: false };
  const [created] = await tx
    .insert(tickets)
    .values({ companyId, contactId, whatsappId, isGroup, status: 'pending' })
    .onConflictDoNothing()
    .returning();
  if (created) return { ticket: created, created: true };
  const [winner] = await live();
  return { ticket: winner!, created: false };
}
