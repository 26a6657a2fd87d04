import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { ScheduleConnection } from '@balcao/contracts';
import type { Ctx } from '../../platform/context.js';
import type { Tx } from '../../db/client.js';
import { contacts, tickets, whatsapps } from '../../db/schema/index.js';
import { notFound } from '../../platform/errors.js';
import { type Answer, wireMatches } from '../../platform/wire.js';

/**
 * The connection a schedule to this contact goes through: that of the contact's latest ticket
 * (the number the customer knows), else the company's default; undefined when there is none.
 * Decided again when the schedule is sent (automation/schedules/schedule-target.ts).
 */
export async function scheduleConnectionId(tx: Tx, contactId: number): Promise<number | undefined> {
  const [latest] = await tx
    .select({ whatsappId: tickets.whatsappId })
    .from(tickets)
    .where(and(eq(tickets.contactId, contactId), isNotNull(tickets.whatsappId)))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(1);
  if (latest?.whatsappId) return latest.whatsappId;
  const [fallback] = await tx
    .select({ id: whatsapps.id })
    .from(whatsapps)
    .where(eq(whatsapps.isDefault, true))
    .limit(1);
  return fallback?.id;
}

/** `GET /schedules/connection?contactId=`: which connection (and provider) that would be now; another company's contact 404. */
export function getScheduleConnection(ctx: Ctx, contactId: number) {
  return ctx.tenant(async (tx): Promise<ScheduleConnection> => {
    const [contact] = await tx.select({ id: contacts.id }).from(contacts).where(eq(contacts.id, contactId));
    if (!contact) throw notFound('contact');
    const id = await scheduleConnectionId(tx, contactId);
    if (id === undefined) return { whatsapp: null };
    const [conn] = await tx
      .select({ id: whatsapps.id, name: whatsapps.name, provider: whatsapps.provider })
      .from(whatsapps)
      .where(eq(whatsapps.id, id));
    return { whatsapp: conn ?? null };
  });
}

wireMatches<Answer<typeof getScheduleConnection>, ScheduleConnection>(true);
