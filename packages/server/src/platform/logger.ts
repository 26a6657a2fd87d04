import pino, { type Logger } from 'pino';
import type { Config } from '../config.js';

/** Paths whose segments are secrets (emails, reset codes, passwords) are logged by pattern only. */
const SECRET_PATHS = [
  [/^\/api\/forgetpassword\/[^?]*/, '/api/forgetpassword/:email'],
  [/^\/api\/resetpasswords\/[^?]*/, '/api/resetpasswords/:email/:token/:newPassword'],
] as const;

export function redactUrl(url: string): string {
  for (const [pattern, replacement] of SECRET_PATHS) if (pattern.test(url)) return replacement;
  // Socket handshake tokens, and the verify token of Meta's webhook verification.
  return url.replace(/([?&](?:token|hub\.verify_token)=)[^&]*/g, '$1[redacted]');
}

export function createLogger(config: Pick<Config, 'LOG_LEVEL'>): Logger {
  return pino({
    level: config.LOG_LEVEL,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
    serializers: {
      req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
    },
  });
}
