import type { Socket } from 'socket.io';

/**
 * Every reach into engine.io's internals (written against engine.io ^6.6 under socket.io ^4.8.4),
 * behind one call: hold a socket's writes, then release them in one write. Why: emit-together.ts.
 * engine-io-internals.test.ts pins what it relies on, so an upgrade that changes it fails there
 * by name rather than as a slower fan-out.
 */

/** A socket's held writes: `release` sends what was queued meanwhile, in one system call. */
export interface HeldWrites {
  release(): void;
}

/**
 * Holds `socket`'s writes: its transport says "not writable", so engine.io queues its packets
 * (encoded once, per socket). Undefined when the transport is already busy writing: it keeps its
 * own queue and drain, as usual.
 *
 * On release the transport is writable again and says `ready`, on which engine.io flushes the
 * socket's queue in one `transport.send`; a websocket's TCP socket (the one its upgrade request
 * came on) is corked meanwhile, so the frames leave in one system call.
 */
export function holdWrites(socket: Socket): HeldWrites | undefined {
  const conn = socket.conn;
  const transport = conn.transport;
  if (!transport.writable) return undefined;
  transport.writable = false;
  const tcp = transport.name === 'websocket' ? conn.request.socket : undefined;
  return {
    release() {
      tcp?.cork();
      transport.writable = true;
      transport.emit('ready');
      tcp?.uncork();
    },
  };
}
