import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/postgres-adapter';
import type pg from 'pg';
import type { Logger } from 'pino';
import { can, eventName, legacyEventName, PRESENCE_CLIENT_EVENT, SOCKET_PING_MS, type Topic } from '@balcao/contracts';
import type { Publisher } from './context.js';
import type { Audience, DomainEvent, RoomScope } from './domain-event.js';
import type { LoadedSession } from './session.js';
import { emitTogether } from './emit-together.js';
import { AppError } from './errors.js';

/**
 * The server-side event that carries one publish's events to the other processes: one adapter
 * message per commit instead of one NOTIFY per event — a batch of inbound messages is two events
 * per message — and the list keeps its order on the way.
 */
const FANOUT = 'balcao:events';
/**
 * An event to some rooms; `close`: those rooms' sockets are closed shortly after (sessions ended);
 * `except`: sockets in these rooms do not hear it.
 */
type Emit = [rooms: string[], name: string, payload: unknown, close?: 1 | 0, except?: string[]];
/** A user's sockets move to the rooms their new scope allows (applied by each process to its own). */
type Move = { userId: number; scope: RoomScope };
/** An event to every company's sockets, each named for the socket's own company (platform data). */
type Broadcast = { topic: Topic; payload: unknown; only?: 'super' | 'others' };
/** The company's subscription ended: its sockets close, but super users' (applied by each process). */
type Expire = { expired: number };
type Step = Emit | Move | Broadcast | Expire;

const isEmit = (step: Step): step is Emit => Array.isArray(step);
const isBroadcast = (step: Step): step is Broadcast => !Array.isArray(step) && 'topic' in step;
const isExpire = (step: Step): step is Expire => !Array.isArray(step) && 'expired' in step;
/**
 * A refused handshake as the client's `connect_error` reads it: an AppError's message starts with
 * its code (`ERR_SUBSCRIPTION_EXPIRED: …`) and its HTTP body goes along as `data`.
 */
function refusal(err: Error): Error {
  if (!(err instanceof AppError)) return new Error(err.message || 'unauthorized');
  return Object.assign(new Error(`${err.code}: ${err.message}`), { data: err.body() });
}

/** How long a closing socket has for its last event to leave. */
const CLOSE_AFTER_MS = 300;

/**
 * This process's sockets, in the publish's order. Consecutive events for the same rooms (an
 * inbound message and its ticket) go out together, one write per socket (emit-together.ts);
 * only rooms someone is in are emitted to (a packet is encoded even when nobody hears it).
 */
function deliverLocally(io: Server, steps: readonly Step[]): void {
  const adapter = io.of('/').adapter;
  for (let i = 0, end = 1; i < steps.length; i = end, end = i + 1) {
    const step = steps[i]!;
    if (isBroadcast(step)) {
      broadcastLocally(io, step);
      continue;
    }
    if (isExpire(step)) {
      closeCompanyLocally(io, step.expired);
      continue;
    }
    if (!isEmit(step)) {
      moveLocally(io, step);
      continue;
    }
    const to = step[0];
    const except = step[4];
    if (except) {
      if (to.some((r) => adapter.rooms.has(r))) io.local.to(to).except(except).emit(step[1], step[2]);
      continue;
    }
    while (end < steps.length && sameRun(steps[end]!, to)) end++;
    if (!to.some((r) => adapter.rooms.has(r))) continue;
    const run = steps.slice(i, end) as Emit[];
    if (run.length === 1) io.local.to(to).emit(step[1], step[2]);
    else emitTogether(io, to, run.map(namePayload));
    if (run.some((e) => e[3] === 1)) {
      setTimeout(() => io.local.in(to).disconnectSockets(true), CLOSE_AFTER_MS).unref();
    }
  }
}

const sameRun = (step: Step, rooms: string[]) => isEmit(step) && !step[4] && sameRooms(step[0], rooms);
const sameRooms = (a: string[], b: string[]) => a.length === b.length && a.every((r, k) => r === b[k]);
const namePayload = ([, name, payload]: Emit): [string, unknown] => [name, payload];

/**
 * A broadcast to this process's sockets: one emit per company room held here, named for that
 * company (`except` keeps super users out of `others`); super users alone are few, so each of
 * their sockets is told under its own company's name.
 */
function broadcastLocally(io: Server, { topic, payload, only }: Broadcast): void {
  const nsp = io.of('/');
  if (only === 'super') {
    for (const id of nsp.adapter.rooms.get(rooms.super()) ?? []) {
      const s = nsp.sockets.get(id);
      if (!s) continue;
      const companyId = (s.data as SocketData).companyId;
      s.emit(eventName(companyId, topic), payload);
      const legacy = legacyEventName(companyId, topic);
      if (legacy) s.emit(legacy, payload);
    }
    return;
  }
  for (const room of [...nsp.adapter.rooms.keys()]) {
    const companyId = rooms.companyOf(room);
    if (companyId === undefined) continue;
    const local = io.local.to(room);
    const to = only === 'others' ? local.except(rooms.super()) : local;
    to.emit(eventName(companyId, topic), payload);
    const legacy = legacyEventName(companyId, topic);
    if (legacy) to.emit(legacy, payload);
  }
}

/**
 * Closes this process's sockets of a company whose subscription ended (platform/subscription.ts);
 * super users' stay, as HTTP lets them in. A socket closed by the server does not reconnect by
 * itself, and its next handshake is refused with ERR_SUBSCRIPTION_EXPIRED.
 */
function closeCompanyLocally(io: Server, companyId: number): number {
  const nsp = io.of('/');
  let closed = 0;
  for (const id of [...(nsp.adapter.rooms.get(rooms.company(companyId)) ?? [])]) {
    const s = nsp.sockets.get(id);
    if (!s || (s.data as SocketData).super) continue;
    s.disconnect(true);
    closed++;
  }
  return closed;
}

/** Moves this process's sockets of the user to the rooms the scope allows (the others' do it on theirs). */
function moveLocally(io: Server, { userId, scope }: Move): void {
  const nsp = io.of('/');
  for (const id of [...(nsp.adapter.rooms.get(rooms.user(userId)) ?? [])]) {
    const s = nsp.sockets.get(id);
    if (!s) continue;
    const d = s.data as SocketData;
    const wanted = new Set(scope.queueIds.map((q) => rooms.queue(d.companyId, q)));
    if (scope.allTicket) wanted.add(rooms.noQueue(d.companyId));
    if (scope.admin) wanted.add(rooms.admins(d.companyId));
    const managed = (room: string) => room === rooms.admins(d.companyId) || room.startsWith(`c:${d.companyId}:q:`);
    for (const room of [...s.rooms]) if (managed(room) && !wanted.has(room)) void s.leave(room);
    void s.join([...wanted]);
  }
}

/** Room names: the only place that knows them. */
export const rooms = {
  company: (companyId: number) => `c:${companyId}`,
  /** The company of a company room (`c:{id}`), else undefined. */
  companyOf: (room: string) => {
    const m = /^c:(\d+)$/.exec(room);
    return m ? Number(m[1]) : undefined;
  },
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
/** The cluster adapter's heartbeat interval (5 s) and a margin: by then every other process is counted. */
const MESH_MS = 6_000;

export class RealtimeHub implements Publisher {
  io: Server | null = null;
  private closing = false;
  /** Told when a user's first socket connects, on each heartbeat, and when their last one leaves. */
  onPresence: (user: SocketData, online: boolean) => Promise<void> = async () => {};
  /** Told the user's last activity a tab saw (`userActivity`, payload unchecked: the handler parses it). */
  onActivity: (user: SocketData, payload: unknown) => Promise<void> = async () => {};
  /** Registers a module's client-event handlers on each new socket (tickets: joinChatBox…). */
  onSocket: (socket: Socket) => void = () => {};

  /** Before this time the other processes' heartbeats may not be counted yet. */
  private meshedAfter = 0;

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
      this.meshedAfter = Date.now() + MESH_MS;
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
        .catch((err: Error) => next(refusal(err)));
    });
    io.on('connection', (socket: Socket) => this.onConnection(socket));
    io.on(FANOUT, (steps: Step[]) => deliverLocally(io, steps));
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
    socket.on(PRESENCE_CLIENT_EVENT, (payload: unknown) => {
      this.onActivity(d, payload).catch((err: unknown) => this.log.warn({ err }, 'activity update failed'));
    });
    socket.on('disconnect', () => {
      if (this.closing || !this.io) return;
      void this.io
        .in(rooms.user(d.userId))
        .fetchSockets()
        .then((left) => (left.length === 0 ? presence(false) : undefined))
        .catch(() => {});
    });
  }

  /**
   * Delivers one commit's events, in order, to this process's sockets and hands the same list to
   * the other processes (which deliver to theirs): topic events to their audience's rooms (sockets
   * of ended sessions closed ~300 ms later), room changes applied to the user's sockets.
   */
  publish(events: readonly DomainEvent[]): void {
    const io = this.io;
    if (!io || events.length === 0) return;
    const steps: Step[] = [];
    for (const ev of events) {
      if ('control' in ev) {
        steps.push(ev.control === 'roomsChanged' ? { userId: ev.userId, scope: ev.scope } : { expired: ev.companyId });
        continue;
      }
      if (ev.audience.to === 'everyone') {
        steps.push({ topic: ev.topic, payload: ev.payload, only: ev.audience.only });
        continue;
      }
      const name = eventName(ev.companyId, ev.topic) + (ev.channel === undefined ? '' : `-${ev.channel}`);
      const emit: Emit = [this.roomsFor(ev.companyId, ev.audience), name, ev.payload];
      const except = ev.audience.to === 'company' && ev.audience.exceptUser !== undefined;
      if (ev.thenClose || except) emit.push(ev.thenClose ? 1 : 0);
      if (except) emit.push([rooms.user(ev.audience.exceptUser!)]);
      steps.push(emit);
      // The spec's client's own name for the topic, to the same rooms (the two go out together).
      const legacy = ev.channel === undefined ? legacyEventName(ev.companyId, ev.topic) : undefined;
      if (legacy) steps.push([emit[0], legacy, ev.payload]);
    }
    deliverLocally(io, steps);
    // The other processes, when there are any (the adapter knows them by their heartbeats).
    const adapter = io.of('/').adapter;
    if (this.owner) {
      // Until the first heartbeats are in, the count is not known: a new process announces itself
      // before it listens, so it misses the others' answers and counts only itself for up to one
      // heartbeat (5 s), while they already send to it. Publish anyway meanwhile.
      if (Date.now() < this.meshedAfter) io.serverSideEmit(FANOUT, steps);
      else
        void adapter.serverCount().then((servers) => {
          if (servers > 1) io.serverSideEmit(FANOUT, steps);
        });
    }
  }

  /** The companies whose sockets this process holds (the expiry sweep checks them). */
  localCompanies(): number[] {
    const ids: number[] = [];
    for (const room of this.io?.of('/').adapter.rooms.keys() ?? []) {
      const id = rooms.companyOf(room);
      if (id !== undefined) ids.push(id);
    }
    return ids;
  }

  /** Closes this process's sockets of these companies (not super users'); answers how many. */
  closeLocally(companyIds: Iterable<number>): number {
    const io = this.io;
    let closed = 0;
    if (io) for (const id of companyIds) closed += closeCompanyLocally(io, id);
    return closed;
  }

  private roomsFor(companyId: number, audience: Exclude<Audience, { to: 'everyone' }>): string[] {
    switch (audience.to) {
      case 'company':
        return [rooms.company(companyId)];
      case 'admins':
        return [rooms.admins(companyId)];
      case 'user':
        return audience.alsoAdmins
          ? [rooms.user(audience.userId), rooms.admins(companyId)]
          : [rooms.user(audience.userId)];
      case 'sessions':
        return audience.sessionIds.map(rooms.session);
      case 'ticket':
        return [
          rooms.admins(companyId),
          audience.queueId === null ? rooms.noQueue(companyId) : rooms.queue(companyId, audience.queueId),
          ...(audience.userId === null ? [] : [rooms.user(audience.userId)]),
        ];
      case 'super':
        return [rooms.super()];
      case 'users':
        return audience.userIds.map(rooms.user);
    }
  }

  async close(): Promise<void> {
    const io = this.io;
    this.io = null;
    this.closing = true;
    if (io) await new Promise<void>((resolve) => io.close(() => resolve()));
  }
}
