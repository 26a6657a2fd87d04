import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from 'pino';
import { can, eventName, SOCKET_PING_MS } from '@balcao/contracts';
import type { Audience, DomainEvent, Publisher, SessionEndReason } from './context.js';
import type { LoadedSession } from './session.js';
import { emitTogether } from './emit-together.js';

/**
 * The server-side event that carries one publish's events to the other processes: one adapter
 * message per commit instead of one NOTIFY per event — a batch of inbound messages is two events
 * per message — and the list keeps its order on the way.
 */
const FANOUT = 'balcao:events';
type Emit = [rooms: string[], name: string, payload: unknown];

/**
 * This process's sockets. Consecutive events for the same rooms (an inbound message and its
 * ticket) go out together, one write per socket (emit-together.ts); only rooms someone is in
 * are emitted to (a packet is encoded even when nobody hears it).
 */
function deliverLocally(io: Server, emits: readonly Emit[]): void {
  const adapter = io.of('/').adapter;
  for (let i = 0, end = 1; i < emits.length; i = end, end = i + 1) {
    const to = emits[i]![0];
    while (end < emits.length && sameRooms(emits[end]![0], to)) end++;
    if (!to.some((r) => adapter.rooms.has(r))) continue;
    const run = emits.slice(i, end);
    if (run.length === 1) io.local.to(to).emit(run[0]![1], run[0]![2]);
    else emitTogether(io, to, run.map(namePayload));
  }
}

const sameRooms = (a: string[], b: string[]) => a.length === b.length && a.every((r, k) => r === b[k]);
const namePayload = ([, name, payload]: Emit): [string, unknown] => [name, payload];

/** Room names: the only place that knows them. */
export const rooms = {
  company: (companyId: number) => `c:${companyId}`,
  admins: (companyId: number) => `c:${companyId}:admins`,
  queue: (companyId: number, queueId: number) => `c:${companyId}:q:${queueId}`,
  /** Users whose allTicket is 'enable' also see tickets without a queue. */
  noQueue: (companyId: number) => `c:${companyId}:q:none`,
  user: (userId: number) => `u:${userId}`,
  session: (sessionId: string) => `s:${sessionId}`,
  super: () => 'super',
};

export interface SocketData {
  userId: number;
  companyId: number;
  sessionId: string;
  profile: string;
  super: boolean;
  queueIds: number[];
  allTicket: boolean;
}

/** Verifies a handshake token; throws with a message the client can read ('expired'…). */
export type SocketAuthenticator = (
  token: string,
) => Promise<{ session: LoadedSession; queueIds: number[]; allTicket: boolean }>;

/**
 * The realtime hub: Socket.IO on the app's HTTP server, fanned out between processes by the
 * PostgreSQL adapter. It is the single publisher: use cases record events, and after commit
 * they land here and go to the rooms of the users allowed to see them.
 */
export class RealtimeHub implements Publisher {
  io: Server | null = null;
  private closing = false;
  /** Told when a user's first socket connects, on each heartbeat, and when their last one leaves. */
  onPresence: (user: SocketData, online: boolean) => Promise<void> = async () => {};
  /** Registers a module's client-event handlers on each new socket (tickets: joinChatBox…). */
  onSocket: (socket: Socket) => void = () => {};

  constructor(
    private readonly log: Logger,
    private readonly owner: pg.Pool | null,
  ) {}

  attach(server: HttpServer, authenticate: SocketAuthenticator): Server {
    const io = new Server(server, {
      path: '/socket.io',
      transports: ['websocket', 'polling'],
      pingInterval: SOCKET_PING_MS,
      pingTimeout: SOCKET_PING_MS,
      serveClient: false,
    });
    if (this.owner) {
      io.adapter(
        createAdapter(this.owner, {
          errorHandler: (err) => {
            if (!this.closing) this.log.warn({ err }, 'socket adapter');
          },
        }),
      );
    }
    io.use((socket, next) => {
      const raw = socket.handshake.query.token ?? (socket.handshake.auth as { token?: unknown }).token;
      const token = typeof raw === 'string' ? raw : '';
      authenticate(token)
        .then(({ session: s, queueIds, allTicket }) => {
          const data: SocketData = {
            userId: s.user.id,
            companyId: s.user.companyId,
            sessionId: s.sessionId,
            profile: s.user.profile,
            super: s.user.super,
            queueIds,
            allTicket,
          };
          socket.data = data;
          next();
        })
        .catch((err: Error) => next(new Error(err.message || 'unauthorized')));
    });
    io.on('connection', (socket: Socket) => this.onConnection(socket));
    io.on(FANOUT, (emits: Emit[]) => deliverLocally(io, emits));
    this.io = io;
    return io;
  }

  private onConnection(socket: Socket): void {
    const d = socket.data as SocketData;
    const joined = [rooms.company(d.companyId), rooms.user(d.userId), rooms.session(d.sessionId)];
    if (can(d, 'realtime:admins')) joined.push(rooms.admins(d.companyId));
    for (const q of d.queueIds) joined.push(rooms.queue(d.companyId, q));
    if (d.allTicket) joined.push(rooms.noQueue(d.companyId));
    if (d.super) joined.push(rooms.super());
    void socket.join(joined);
    this.onSocket(socket);
    socket.emit('ready');
    const presence = (online: boolean) =>
      this.onPresence(d, online).catch((err: unknown) => this.log.warn({ err }, 'presence update failed'));
    void presence(true);
    socket.on('userStatus', () => void presence(true));
    socket.on('disconnect', () => {
      if (this.closing || !this.io) return;
      void this.io
        .in(rooms.user(d.userId))
        .fetchSockets()
        .then((left) => (left.length === 0 ? presence(false) : undefined))
        .catch(() => {});
    });
  }

  publish(events: readonly DomainEvent[]): void {
    const io = this.io;
    if (!io || events.length === 0) return;
    const emits = events.map((ev): Emit => [
      this.roomsFor(ev.companyId, ev.audience),
      eventName(ev.companyId, ev.topic),
      ev.payload,
    ]);
    deliverLocally(io, emits);
    // The other processes, when there are any (the adapter knows them by their heartbeats).
    const adapter = io.of('/').adapter;
    if (this.owner) {
      void adapter.serverCount().then((servers) => {
        if (servers > 1) io.serverSideEmit(FANOUT, emits);
      });
    }
  }

  private roomsFor(companyId: number, audience: Audience): string[] {
    switch (audience.to) {
      case 'company':
        return [rooms.company(companyId)];
      case 'admins':
        return [rooms.admins(companyId)];
      case 'user':
        return audience.alsoAdmins
          ? [rooms.user(audience.userId), rooms.admins(companyId)]
          : [rooms.user(audience.userId)];
      case 'session':
        return [rooms.session(audience.sessionId)];
      case 'ticket':
        return [
          rooms.admins(companyId),
          audience.queueId === null ? rooms.noQueue(companyId) : rooms.queue(companyId, audience.queueId),
          ...(audience.userId === null ? [] : [rooms.user(audience.userId)]),
        ];
      case 'super':
        return [rooms.super()];
    }
  }

  endSessions(companyId: number, userId: number, sessionIds: readonly string[], reason: SessionEndReason = 'replaced'): void {
    const io = this.io;
    if (!io || sessionIds.length === 0) return;
    const target = sessionIds.map(rooms.session);
    io.to(target).emit(eventName(companyId, 'auth'), { action: 'update', user: { id: userId }, reason });
    // Let the message leave before the sockets close.
    setTimeout(() => io.in(target).disconnectSockets(true), 300).unref();
  }

  async refreshUser(userId: number, scope: { admin: boolean; queueIds: number[]; allTicket: boolean }): Promise<void> {
    const io = this.io;
    if (!io) return;
    try {
      const sockets = await io.in(rooms.user(userId)).fetchSockets();
      for (const s of sockets) {
        const d = s.data as SocketData;
        const wanted = new Set(scope.queueIds.map((q) => rooms.queue(d.companyId, q)));
        if (scope.allTicket) wanted.add(rooms.noQueue(d.companyId));
        if (scope.admin) wanted.add(rooms.admins(d.companyId));
        const managed = (room: string) => room === rooms.admins(d.companyId) || room.startsWith(`c:${d.companyId}:q:`);
        for (const room of s.rooms) if (managed(room) && !wanted.has(room)) s.leave(room);
        s.join([...wanted]);
      }
    } catch (err) {
      this.log.warn({ err }, 'refreshing socket rooms failed');
    }
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
    this.closing = true;
    if (io) await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
