import { io, type Socket } from 'socket.io-client';

/** A browser tab's socket: websocket only, token in the handshake query; resolves on `ready`. */
export const connectSocket = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const s = io(url, { transports: ['websocket'], query: { token }, reconnection: false });
    s.once('ready', () => resolve(s));
    s.once('connect_error', reject);
  });

/** Fails instead of hanging when what we wait for never happens. */
export const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms)),
  ]);
