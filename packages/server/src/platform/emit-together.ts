import type { Server, Socket } from 'socket.io';

type Transport = Socket['conn']['transport'];

/**
 * Emits several events to this process's sockets of some rooms so that each socket gets them
 * all in one write, in order (docs/bench/inbox-plans.md, the fan-out).
 *
 * Emitted one after the other, Socket.IO writes the first event to every socket at once, and
 * engine.io holds each socket's next packet until that socket's write has called back: the
 * second event (an inbound message's ticket update) reached the first socket only after the
 * message had been written to all 500, and cost every socket a second write. Here the sockets'
 * transports are held "not writable" while the events are broadcast as usual (encoded once,
 * queued per socket), then released one socket at a time: engine.io flushes the socket's queue
 * when its transport says `ready`, and the TCP socket is corked meanwhile, so the frames leave
 * in one system call. A socket already busy writing keeps its own queue and drain, as before.
 */
export function emitTogether(io: Server, rooms: string[], events: ReadonlyArray<[name: string, payload: unknown]>) {
  const nsp = io.of('/');
  const held: Array<{ transport: Transport; tcp?: { cork(): void; uncork(): void } }> = [];
  const seen = new Set<string>();
  try {
    for (const room of rooms) {
      for (const id of nsp.adapter.rooms.get(room) ?? []) {
        if (seen.has(id)) continue;
        seen.add(id);
        const conn = nsp.sockets.get(id)?.conn;
        if (!conn?.transport.writable) continue;
        conn.transport.writable = false;
        // A websocket's TCP socket is the one its upgrade request came on.
        held.push({
          transport: conn.transport,
          tcp: conn.transport.name === 'websocket' ? conn.request.socket : undefined,
        });
      }
    }
    for (const [name, payload] of events) io.local.to(rooms).emit(name, payload);
  } finally {
    for (const { transport, tcp } of held) {
      tcp?.cork();
      transport.writable = true;
      transport.emit('ready');
      tcp?.uncork();
    }
  }
}
