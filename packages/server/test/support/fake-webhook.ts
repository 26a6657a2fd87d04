import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waiters } from './waiters.js';

/**
 * A receiver of webhook / n8n deliveries (a real HTTP server on 127.0.0.1), as a customer's
 * endpoint would be: it records every attempt with its headers and raw body, checks the
 * signature on its own (HMAC-SHA256 of `{X-Balcao-Timestamp}.{body}` with the integration's
 * signing secret, written here independently of the server's signer), and can be told to fail
 * the next attempts with 500. Any path is accepted (the integration's `urlN8N` names one).
 */
export interface WebhookAttempt {
  path: string;
  headers: http.IncomingHttpHeaders;
  raw: string;
  /** The parsed JSON body (undefined when it was not JSON). */
  json?: any;
  /** Whether the signature header matched the secret known when it arrived (undefined: no secret set). */
  signatureOk?: boolean;
  /** The status it was answered with, and when it arrived (ms since the epoch). */
  status: number;
  at: number;
}

export interface FakeWebhookOptions {
  /** The signing secret to check signatures against (settable later: the API makes it at creation). */
  secret?: string;
  /** How long each answer takes. */
  latencyMs?: number;
}

export async function startFakeWebhook(opts: FakeWebhookOptions = {}) {
  const attempts: WebhookAttempt[] = [];
  let secret = opts.secret;
  let failing = 0;
  let failStatus = 500;
  const waiting = waiters('fake webhook');

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const status = failing > 0 ? (failing--, failStatus) : 200;
      const attempt: WebhookAttempt = {
        path: new URL(req.url ?? '/', 'http://fake').pathname,
        headers: req.headers,
        raw,
        json: parseJson(raw),
        signatureOk: secret === undefined ? undefined : verify(secret, req.headers, raw),
        status,
        at: Date.now(),
      };
      attempts.push(attempt);
      const answer = () => {
        res.statusCode = status;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify(status < 300 ? { received: true } : { error: 'try again' }));
        waiting.changed();
      };
      if (opts.latencyMs) setTimeout(answer, opts.latencyMs);
      else answer();
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake = {
    url: `http://127.0.0.1:${port}`,
    attempts,
    /** Attempts answered 2xx: what the receiver accepted. */
    get delivered() {
      return attempts.filter((a) => a.status >= 200 && a.status < 300);
    },
    /** Attempts carrying this Idempotency-Key. */
    byKey(key: string) {
      return attempts.filter((a) => a.headers['idempotency-key'] === key);
    },
    /** Attempts whose body is about this message id. */
    forMessage(messageId: number) {
      return attempts.filter((a) => a.json?.message?.id === messageId);
    },
    setSecret(value: string) {
      secret = value;
    },
    /** The next `count` attempts are answered `status` (500 by default). */
    failNext(count: number, status = 500) {
      failing = count;
      failStatus = status;
    },
    /** Resolves when `check()` holds, re-checked after each attempt (bounded by `ms`). */
    until: waiting.until,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

export type FakeWebhook = Awaited<ReturnType<typeof startFakeWebhook>>;

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

/** `X-Balcao-Signature: sha256=<hex of HMAC-SHA256(secret, "{timestamp}.{body}")>`, compared in constant time. */
function verify(secret: string, headers: http.IncomingHttpHeaders, raw: string): boolean {
  const timestamp = headers['x-balcao-timestamp'];
  const signature = headers['x-balcao-signature'];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return false;
  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${raw}`).digest('hex')}`;
  const a = Buffer.from(signature);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
