import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import type { Ctx, Uow } from '../../platform/context.js';
import { tickets, users } from '../../db/schema/index.js';
import { invalid, noPermission } from '../../platform/errors.js';
import type { Viewer } from './visibility.js';
import type { TicketRow } from './ticket-view.js';
import { recordChange } from './activity.js';

/** What a transition works with: the update's unit of work (the ticket row is locked). */
export interface Transition extends Uow {
  ctx: Ctx;
  viewer: Viewer;
  ticket: TicketRow;
}

/** Writes `set` to the ticket (touching updatedAt) and returns the row as it is now. */
export async function writeTicket(s: Transition, set: Partial<typeof tickets.$inferInsert>): Promise<TicketRow> {
  const [row] = await s.tx
    .update(tickets)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(tickets.id, s.ticket.id))
    .returning();
  await recordChange(s.tx, s.ticket, row!, s.ctx.actor.userId);
  s.ticket = row!;
  return row!;
}

/**
 * Who takes the ticket: the caller, or — for an admin — the `userId` given. A user naming
 * someone else is refused; an unknown user (or another company's) is a bad field.
 */
export async function assignee(s: Transition, userId: number | null | undefined): Promise<number> {
  const me = s.ctx.actor.userId;
  if (userId === undefined || userId === null || userId === me) return me;
  if (!s.viewer.admin) throw noPermission('Only an admin assigns a ticket to someone else');
  return (await existingUser(s.tx, userId)).id;
}

export async function existingUser(tx: Tx, userId: number) {
  const [user] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, userId));
  if (!user) throw invalid({ userId: 'notFound' }, 'Unknown user');
  return user;
}

export const settingOn = (value: string | undefined) => value === 'enabled';
