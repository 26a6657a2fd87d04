import pino, { type DestinationStream, type Logger } from 'pino';
import type { Config } from '../config.js';

/**
 * Paths whose segments are secrets (emails, reset codes, passwords) are logged by pattern only.
 * Matched on the path as the router reads it, escapes decoded (`/api/%72esetpasswords/…` reaches
 * the reset handler), and beyond what it accepts: any case, repeated slashes.
 */
const SECRET_PATHS = [
  [/^\/+api\/+forgetpassword(\/|$)/i, '/api/forgetpassword/:email'],
  [/^\/+api\/+resetpasswords(\/|$)/i, '/api/resetpasswords/:email/:token/:newPassword'],
] as const;

/** Each `%XX` as its byte; never throws (a malformed escape stays as is). Enough for ASCII words. */
const unescapePath = (path: string) =>
  path.replace(/%([0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

export function redactUrl(url: string): string {
  const path = unescapePath(url.split(/[?#]/, 1)[0]!);
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(path)) return replacement;
  // Socket handshake tokens, and the verify token of Meta's webhook verification.
  return url.replace(/([?&](?:token|hub\.verify_token)=)[^&]*/g, '$1[redacted]');
}

/** `destination` defaults to stdout (tests read the lines written). */
export function createLogger(config: Pick<Config, 'LOG_LEVEL'>, destination?: DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
