import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type net from 'node:net';
import { INTERNAL_ADDRESS, isAllowedHost, isBlockedAddress, refusedUrl, type OutboundAllowance } from './policy.js';

/**
 * The one HTTP client for addresses a tenant typed (ARCHITECTURE.md, "Outbound safety"). The
 * address is checked where the connection is made, not on the URL's text: the agents' `lookup`
 * refuses a name any of whose addresses is blocked (before any connect, so a blocked address is
 * never probed), an address written in the URL is refused before the request (node skips the
 * lookup for it), and the socket's remote address is checked once connected. Redirects are
 * followed by hand, each hop checked the same way. Every answer's body is counted while it
 * streams and the request aborted past `maxBytes`, with or without a content-length.
 * The deployment's own services (Graph API, OpenAI, Asaas, S3) keep their own clients.
 */

/** The address is one the policy refuses (`reason`: the product's words, safe to show). */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(`refused: ${reason}`);
    this.name = 'OutboundRefused';
  }
}

/** No usable answer: unreachable, too slow, too large, too many redirects. The message is ours. */
export class OutboundFailed extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundFailed';
  }
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** For the whole exchange, redirects included. */
  timeoutMs: number;
  /** The largest body read; past it the request is aborted (OutboundFailed). */
  maxBytes: number;
  /** Redirects followed (GET only), each checked again; default 0: a 3xx is the answer. */
  maxRedirects?: number;
  /** Called with the answer's head: false drops the body (the answer then has none). */
  wantBody?: (status: number, headers: http.IncomingHttpHeaders) => boolean;
}

export interface OutboundAnswer {
  status: number;
  ok: boolean;
  headers: http.IncomingHttpHeaders;
  /** The URL that answered (after redirects). */
  url: string;
  body: Buffer;
  /** The body as JSON; undefined when it is not JSON. */
  json(): unknown;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
/** An unwanted body is read and dropped up to this (its socket then serves again), else cut. */
const DRAINED_AT_MOST = 64 * 1024;

export interface OutboundClient {
  request(url: string, req: OutboundRequest): Promise<OutboundAnswer>;
}

const clients = new WeakMap<OutboundAllowance, OutboundClient>();

/** The client of a deployment's allowance (one pair of kept-alive agents each). */
export function outboundClient(allowance: OutboundAllowance): OutboundClient {
  let client = clients.get(allowance);
  if (!client) {
    client = makeClient(allowance);
    clients.set(allowance, client);
  }
  return client;
}

function makeClient(allowance: OutboundAllowance): OutboundClient {
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 0);
      const refused =
        !isAllowedHost(hostname, allowance) && addresses.some((a) => isBlockedAddress(a.address, allowance));
      if (refused || addresses.length === 0) return callback(new OutboundRefused(INTERNAL_ADDRESS), '', 0);
      if (options.all) return callback(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  const agents = {
    'http:': new http.Agent({ keepAlive: true, maxSockets: 64, lookup }),
    'https:': new https.Agent({ keepAlive: true, maxSockets: 64, lookup }),
  };

  /** One exchange, no redirect followed. */
  const once = (target: URL, req: OutboundRequest, signal: AbortSignal) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const https_ = target.protocol === 'https:';
      const headers = { ...req.headers };
      if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
      const out = (https_ ? https.request : http.request)(target, {
        method: req.method ?? 'GET',
        agent: https_ ? agents['https:'] : agents['http:'],
        headers,
        signal,
      });
      out.on('socket', (socket: net.Socket) => {
        const check = () => {
          const remote = socket.remoteAddress;
          if (remote && !isAllowedHost(target.hostname, allowance) && isBlockedAddress(remote, allowance))
            out.destroy(new OutboundRefused(INTERNAL_ADDRESS));
        };
        if (socket.connecting) socket.once('connect', check);
        else check();
      });
      out.on('error', reject);
      out.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const length = Number(res.headers['content-length'] ?? 0);
        if (req.wantBody && !req.wantBody(status, res.headers)) {
          resolve({ status, headers: res.headers, body: Buffer.alloc(0) });
          return drain(res);
        }
        if (length > req.maxBytes) {
          reject(new OutboundFailed('answer too large'));
          return res.destroy();
        }
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > req.maxBytes) {
            reject(new OutboundFailed('answer too large'));
            res.destroy();
          } else chunks.push(c);
        });
        res.on('error', reject);
        res.on('close', () => {
          if (!res.complete) reject(new OutboundFailed('answer cut short'));
        });
        res.on('end', () => resolve({ status, headers: res.headers, body: Buffer.concat(chunks) }));
      });
      out.end(req.body);
    });

  return {
    async request(url, req) {
      const signal = AbortSignal.timeout(req.timeoutMs);
      let target = url;
      for (let hop = 0; ; hop++) {
        const why = refusedUrl(target, allowance);
        if (why) throw new OutboundRefused(why);
        const parsed = new URL(target);
        let answer;
        try {
          answer = await once(parsed, req, signal);
        } catch (err) {
          throw ours(err, signal, req.timeoutMs);
        }
        const location = answer.headers.location;
        const follow = REDIRECTS.has(answer.status) && location && (req.method ?? 'GET') === 'GET';
        if (follow && hop < (req.maxRedirects ?? 0)) {
          target = new URL(location, parsed).href;
          continue;
        }
        if (follow && (req.maxRedirects ?? 0) > 0) throw new OutboundFailed('too many redirects');
        const { status, headers, body } = answer;
        return {
          status,
          ok: status >= 200 && status < 300,
          headers,
          url: target,
          body,
          json: () => {
            try {
              return JSON.parse(body.toString('utf8')) as unknown;
            } catch {
              return undefined;
            }
          },
        };
      }
    },
  };
}

function drain(res: http.IncomingMessage) {
  let size = 0;
  res.on('data', (c: Buffer) => {
    size += c.length;
    if (size > DRAINED_AT_MOST) res.destroy();
  });
  res.on('error', () => {});
}

/** Any failure as one of ours: never the other side's words, never node's text with its addresses. */
function ours(err: unknown, signal: AbortSignal, timeoutMs: number): Error {
  if (err instanceof OutboundRefused) return err;
  if (signal.aborted) return new OutboundFailed(`no answer in ${timeoutMs} ms`);
  if (err instanceof OutboundFailed) return err;
  return new OutboundFailed('unreachable');
}
