import type { Socket } from 'socket.io';
import { eq } from 'drizzle-orm';
import { id as idSchema, TICKET_STATUSES } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { runTenant } from '../../platform/context.js';
import type { SocketData } from '../../platform/realtime.js';
import { tickets } from '../../db/schema/index.js';
import { canSee, loadViewer } from './visibility.js';

/** The room of one open conversation (ticket ids are unique across companies). */
export const chatBoxRoom = (ticketId: number) => `ticket:${ticketId}`;

type Ack = (answer: { ok: true } | { ok: false; error: string }) => void;

/**
 * The client's ticket events (ARCHITECTURE.md, Sockets), registered by the hub on each
 * connection. Every handler answers through the optional acknowledgement callback.
 * - `joinChatBox(ticketId)` joins the ticket's room only when the user may see the ticket now
 *   (same rule as the API, read fresh); otherwise ERR_NOT_FOUND, and nothing is joined.
 * - `leaveChatBox(ticketId)` leaves it.
 * - `joinTickets(status)`, `leaveTickets(status)`, `joinNotification()` are accepted and
 *   acknowledged: ticket events are addressed by audience (admins, queue members, allTicket
 *   users, the assigned user), so a socket already hears exactly the tickets it may see,
 *   whichever tab is open. No event is sent to a room joined here that the audience rule
 *   would not send anyway.
 */
export function registerTicketSocketHandlers(socket: Socket, deps: Deps): void {
  const data = socket.data as SocketData;
  const answer = (ack: unknown, value: Parameters<Ack>[0]) => {
    if (typeof ack === 'function') (ack as Ack)(value);
  };

  socket.on('joinChatBox', (raw: unknown, ack?: unknown) => {
    const parsed = idSchema.safeParse(raw);
    if (!parsed.success) return answer(ack, { ok: false, error: 'ERR_VALIDATION' });
    const ticketId = parsed.data;
    runTenant(deps, data.companyId, async (tx) => {
      const [ticket] = await tx
        .select({ queueId: tickets.queueId, userId: tickets.userId })
        .from(tickets)
        .where(eq(tickets.id, ticketId));
      return ticket !== undefined && canSee(await loadViewer(tx, data), ticket);
    })
      .then(async (allowed) => {
        if (!allowed) return answer(ack, { ok: false, error: 'ERR_NOT_FOUND' });
        await socket.join(chatBoxRoom(ticketId));
        answer(ack, { ok: true });
      })
      .catch((err: unknown) => {
        deps.log.warn({ err, ticketId }, 'joinChatBox failed');
        answer(ack, { ok: false, error: 'ERR_INTERNAL_SERVER_ERROR' });
      });
  });

  socket.on('leaveChatBox', (raw: unknown, ack?: unknown) => {
    const parsed = idSchema.safeParse(raw);
    if (parsed.success) void socket.leave(chatBoxRoom(parsed.data));
    answer(ack, parsed.success ? { ok: true } : { ok: false, error: 'ERR_VALIDATION' });
  });

  const statusEvent = (raw: unknown, ack?: unknown) =>
    answer(
      ack,
      (TICKET_STATUSES as readonly unknown[]).includes(raw) ? { ok: true } : { ok: false, error: 'ERR_VALIDATION' },
    );
  socket.on('joinTickets', statusEvent);
  socket.on('leaveTickets', statusEvent);
  socket.on('joinNotification', (...args: unknown[]) => answer(args.at(-1), { ok: true }));
}
