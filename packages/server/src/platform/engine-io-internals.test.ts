import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server, type Socket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { holdWrites } from './engine-io-internals.js';

/**
 * The contract of platform/engine-io-internals.ts with engine.io (written against engine.io ^6.6
 * under socket.io ^4.8.4), over a real websocket on localhost. Each test names what it relies on.
 */
const V = 'engine.io ^6.6 (socket.io ^4.8.4)';

const http = createServer();
const io = new Server(http);
let client: ClientSocket;
let server: Socket;

beforeAll(async () => {
  const connected = new Promise<Socket>((resolve) => io.once('connection', resolve));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ['websocket'] });
  server = await connected;
});
afterAll(async () => {
  client.close();
  await io.close();
});

/** The next `n` events the client hears, by name. */
const heard = (n: number) =>
  new Promise<string[]>((resolve) => {
    const names: string[] = [];
    client.onAny((name: string) => {
      names.push(name);
      if (names.length === n) {
        client.offAny();
        resolve(names);
      }
    });
  });

describe(`${V}: a socket's transport`, () => {
  it(`${V}: an idle websocket transport says writable, named 'websocket', and its upgrade request's socket can cork`, () => {
    const { transport, request } = server.conn;
    expect(transport.name).toBe('websocket');
    expect(transport.writable).toBe(true);
    expect(typeof request.socket.cork).toBe('function');
    expect(typeof request.socket.uncork).toBe('function');
  });

  it(`${V}: packets emitted while the transport is not writable wait; 'ready' flushes them in one transport.send, in order, written to the upgrade request's TCP socket while it is corked`, async () => {
    const { transport, request } = server.conn;
    const sends: number[] = [];
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      sends.push(packets.length);
      send(packets);
    };
    const corkedWrites: number[] = [];
    const tcp = request.socket;
    const write = tcp.write.bind(tcp) as (...args: unknown[]) => boolean;
    tcp.write = ((...args: unknown[]) => {
      corkedWrites.push(tcp.writableCorked);
      return write(...args);
    }) as typeof tcp.write;
    try {
      const names = heard(3);
      const held = holdWrites(server)!;
      expect(held).toBeDefined();
      server.emit('a');
      server.emit('b');
      server.emit('c');
      expect(sends).toEqual([]);
      held.release();
      expect(await names).toEqual(['a', 'b', 'c']);
      expect(sends).toEqual([3]);
      expect(corkedWrites.length).toBeGreaterThan(0);
      expect(corkedWrites.every((c) => c > 0)).toBe(true);
    } finally {
      transport.send = send;
      tcp.write = write as typeof tcp.write;
    }
  });

  it(`${V}: a transport already writing (not writable) is left alone`, async () => {
    const { transport } = server.conn;
    transport.writable = false;
    try {
      expect(holdWrites(server)).toBeUndefined();
      expect(transport.writable).toBe(false);
    } finally {
      transport.writable = true;
    }
    // Nothing was held: an emit goes out as usual.
    const names = heard(1);
    server.emit('d');
    expect(await names).toEqual(['d']);
  });
});
