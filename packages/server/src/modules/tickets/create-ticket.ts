import { eq } from 'drizzle-orm';
import type { Ticket, TicketCreateBody } from '@balcao/contracts';
import { type Answer, wireMatches } from '../../platform/wire.js';
import type { Tx } from '../../db/client.js';
import type { Ctx } from '../../platform/context.js';
import { contacts, queues, tickets, users, whatsapps } from '../../db/schema/index.js';
import { AppError, invalid, isUniqueViolation, noPermission, notFound } from '../../platform/errors.js';
import { isAdmin, loadViewer } from './visibility.js';
import { loadTicketView, type TicketView } from './ticket-view.js';
import { ticketEvents } from './ticket-events.js';
import { otherOpenTicket } from './other-open-ticket.js';
import { trackCycle } from './tracking.js';
import { recordActivity } from './activity.js';
import { existingUser } from './transition.js';

/**
 * `POST /tickets`: the caller opens a ticket for a contact (an admin may open it for `userId`).
 * A queue is required unless the caller is an admin, and a user may only pick one of their own
 * queues. The connection is the one given, else the caller's own connection, else the company's
 * default (ERR_NO_DEF_WAPP_FOUND when there is none). A contact with a live ticket on that
 * connection answers ERR_OTHER_OPEN_TICKET with that ticket: the partial unique index
 * `tickets_one_live_key` decides, so two concurrent requests cannot both create one.
 */
export async function createTicket(ctx: Ctx, input: TicketCreateBody): Promise<TicketView> {
  const { actor } = ctx;
  const admin = isAdmin(actor);
  if (!admin && !input.queueId) throw invalid({ queueId: 'required' }, 'Choose a queue');
  if (!admin && input.userId && input.userId !== actor.userId) {
    throw noPermission('Only an admin opens a ticket for someone else');
  }
  let target: { contactId: number; whatsappId: number } | undefined;
  try {
    return await ctx.tenant(async (tx, events) => {
      const [contact] = await tx.select().from(contacts).where(eq(contacts.id, input.contactId));
      if (!contact) throw notFound('contact');
      if (input.queueId) {
        const [queue] = await tx.select({ id: queues.id }).from(queues).where(eq(queues.id, input.queueId));
        if (!queue) throw invalid({ queueId: 'notFound' }, 'Unknown queue');
        if (!admin && !(await loadViewer(tx, actor)).queueIds.includes(queue.id)) {
          throw invalid({ queueId: 'notYours' }, 'Choose one of your queues');
        }
      }
      const userId = admin && input.userId ? (await existingUser(tx, input.userId)).id : actor.userId;
      const whatsappId = await connectionFor(tx, actor.userId, input.whatsappId);
      target = { contactId: contact.id, whatsappId };
      const [ticket] = await tx
        .insert(tickets)
        .values({
          companyId: actor.companyId,
          contactId: contact.id,
          whatsappId,
          queueId: input.queueId ?? null,
          userId,
          status: 'open',
          isGroup: contact.isGroup,
        })
        .returning();
      const now = new Date();
      await trackCycle(tx, ticket!, { queuedAt: now, startedAt: now });
      await recordActivity(tx, ticket!, actor.userId, [{ action: 'created', toUserId: userId }]);
      const view = (await loadTicketView(tx, ticket!.id))!;
      events.push(...ticketEvents.changed(actor.companyId, view));
      return view;
    });
  } catch (err) {
    if (target && isUniqueViolation(err, 'tickets_one_live_key')) throw await otherOpenTicket(ctx, target);
    throw err;
  }
}

/** The connection named, else the caller's own, else the company's default. */
async function connectionFor(tx: Tx, userId: number, wanted: number | null | undefined): Promise<number> {
  const exists = async (id: number) =>
    (await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.id, id)))[0]?.id;
  if (wanted) {
    const id = await exists(wanted);
    if (!id) throw invalid({ whatsappId: 'notFound' }, 'Unknown connection');
    return id;
  }
  const [me] = await tx.select({ whatsappId: users.whatsappId }).from(users).where(eq(users.id, userId));
  const own = me?.whatsappId ? await exists(me.whatsappId) : undefined;
  if (own) return own;
  const [def] = await tx.select({ id: whatsapps.id }).from(whatsapps).where(eq(whatsapps.isDefault, true));
  if (!def) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 'No default connection found');
  return def.id;
}

wireMatches<Answer<typeof createTicket>, Ticket>(true);
