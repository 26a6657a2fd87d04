import type { Server } from 'socket.io';
import { holdWrites, type HeldWrites } from './engine-io-internals.js';

/**
 * Emits several events to this process's sockets of some rooms so that each socket gets them
 * all in one write, in order (docs/bench/inbox-plans.md, the fan-out).
 *
 * Emitted one after the other, Socket.IO writes the first event to every socket at once, and
 * engine.io holds each socket's next packet until that socket's write has called back: the
 * second event (an inbound message's ticket update) reached the first socket only after the
 * message had been written to all 500, and cost every socket a second write. Here the sockets'
 * writes are held (engine-io-internals.ts) while the events are broadcast as usual (encoded
 * once, queued per socket), then released one socket at a time, each in one system call. A
 * socket already busy writing keeps its own queue and drain, as before.
 */
export function emitTogether(io: Server, rooms: string[], events: ReadonlyArray<[name: string, payload: unknown]>) {
  const nsp = io.of('/');
  const held: HeldWrites[] = [];
  const seen = new Set<string>();
  try {
    for (const room of rooms) {
      for (const id of nsp.adapter.rooms.get(room) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const socket = nsp.sockets.get(id);
        const writes = socket && holdWrites(socket);
        if (writes) held.push(writes);
      }
    }
    for (const [name, payload] of events) io.local.to(rooms).emit(name, payload);
  } finally {
    for (const writes of held) writes.release();
  }
}
