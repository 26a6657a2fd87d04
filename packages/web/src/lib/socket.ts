/**
 * One Socket.IO socket per tab (ARCHITECTURE §4.5). It is made for one (company, user) and
 * replaced when either changes. Rooms joined through `joinRoom` are joined again after every
 * reconnection.
 */
import { io, type Socket } from 'socket.io-client';
import { session } from './session';

let socket: Socket | null = null;
let socketKey: string | null = null;
const joins = new Map<string, { event: string; args: unknown[]; count: number }>();

function emitJoins(s: Socket) {
  for (const j of joins.values()) s.emit(j.event, ...j.args);
}

export function openSocket(companyId: number, userId: number): Socket {
  const key = `${companyId}:${userId}`;
  if (socket && socketKey === key) return socket;
  closeSocket();
  const s = io({
    path: '/socket.io',
    transports: ['websocket'],
    query: { token: session.getToken() ?? '' },
  });
  // A reconnection uses the freshest access token (it may have been refreshed meanwhile).
  s.io.on('reconnect_attempt', () => {
    s.io.opts.query = { token: session.getToken() ?? '' };
  });
  s.on('connect', () => emitJoins(s));
  s.on('connect_error', (err: Error) => {
    // An expired subscription is refused again until the company pays: a reload would loop. The
    // refused socket does not retry by itself; the next login shows the expiry and the way to pay.
    if (err.message.startsWith('ERR_SUBSCRIPTION_EXPIRED')) return;
    if (/expired/i.test(err.message)) setTimeout(() => window.location.reload(), 1000);
  });
  socket = s;
  socketKey = key;
  return s;
}

export function closeSocket() {
  if (socket) {
    socket.removeAllListeners();
    socket.disconnect();
  }
  socket = null;
  socketKey = null;
}

export const getSocket = () => socket;

/**
 * Emits `event(...args)` now (when connected) and after each reconnection, until the returned
 * function is called; `leaveEvent` is emitted then, if given.
 */
export function joinRoom(event: string, args: unknown[] = [], leaveEvent?: string): () => void {
  const id = `${event}:${JSON.stringify(args)}`;
  const existing = joins.get(id);
  if (existing) existing.count += 1;
  else {
    joins.set(id, { event, args, count: 1 });
    if (socket?.connected) socket.emit(event, ...args);
  }
  return () => {
    const j = joins.get(id);
    if (!j) return;
    j.count -= 1;
    if (j.count <= 0) {
      joins.delete(id);
      if (leaveEvent && socket?.connected) socket.emit(leaveEvent, ...args);
    }
  };
}
