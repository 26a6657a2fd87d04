import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';

/** No new connection for this long: the proxies in front have stopped sending here. */
const QUIET_MS = 500;
/** The listener closes after this long however busy it is (see `drain`). */
const QUIET_MAX_MS = 5_000;
/**
 * After the listener closed, a connection that never carried a request and is still idle this long
 * is a client's spare, not a proxy's request on its way.
 */
const IDLE_GRACE_MS = 2_000;
const POLL_MS = 25;
/** Answered as usual while draining: what a proxy or a monitor asks a stopping process. */
const PASS_THROUGH = new Set(['/api/health', '/api/ready', '/metrics']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Stopping the HTTP side without losing a request behind a proxy (docs/operations.md, "Draining").
 * Closing a listener resets what it has not answered yet: the connections waiting in the kernel's
 * queue, and (Node's `server.close()` closes "idle" connections) those accepted whose request is not
 * parsed yet. A proxy has sent its request on them: it replays a GET elsewhere, but answers 502 to
 * a POST, which it never sends twice. So, while draining:
 *
 * - every answer says `Connection: close`;
 * - a GET or HEAD is not run: 503 `ERR_NOT_READY`; nginx passes it on to another process
 *   (`proxy_next_upstream http_503`) and leaves this one out for its `fail_timeout`;
 * - other methods (POST, PUT, …) run as usual: they are answered, never reset;
 * - the listener closes once no connection has arrived for QUIET_MS (the proxy has left this
 *   process out), at most QUIET_MAX_MS after the drain began (a proxy that sends only POSTs never
 *   does), and keeps every connection already accepted: each delivers its request and is closed
 *   after its answer; a kept-alive one between requests is closed at once, and one that never
 *   carried a request after IDLE_GRACE_MS.
 *
 * Answers when every HTTP connection (not the WebSockets: the realtime hub closes those) is closed.
 */
export function registerHttpDrain(app: FastifyInstance): () => Promise<void> {
  let draining = false;
  let lastConnection = 0;
  const open = new Set<net.Socket>();
  /** Connections that carried a request, and those with one under way. */
  const served = new WeakSet<net.Socket>();
  const busy = new Set<net.Socket>();
  app.server.on('connection', (socket: net.Socket) => {
    lastConnection = Date.now();
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.server.on('request', (req, res) => {
    served.add(req.socket);
    busy.add(req.socket);
    res.once('close', () => busy.delete(req.socket));
  });
  // An upgraded connection is a WebSocket's from now on.
  app.server.on('upgrade', (_req, socket: net.Socket) => open.delete(socket));

  app.addHook('onRequest', (req, reply, done) => {
    if (!draining) return done();
    reply.header('connection', 'close');
    if ((req.method === 'GET' || req.method === 'HEAD') && !PASS_THROUGH.has(req.routeOptions.url ?? '')) {
      return done(new AppError('ERR_NOT_READY', 'Not ready: shutting down'));
    }
    done();
  });

  return async () => {
    draining = true;
    const began = Date.now();
    while (Date.now() - lastConnection < QUIET_MS && Date.now() - began < QUIET_MAX_MS) await sleep(POLL_MS);
    // net's close, not http's: http's would also drop the accepted connections not parsed yet.
    net.Server.prototype.close.call(app.server);
    const closed = Date.now();
    while (open.size > 0) {
      // A kept-alive connection between requests has nothing on its way: closed now, as http's close would.
      for (const socket of open) if (served.has(socket) && !busy.has(socket)) socket.destroy();
      if (Date.now() - closed >= IDLE_GRACE_MS) app.server.closeIdleConnections();
      await sleep(POLL_MS);
    }
  };
}
