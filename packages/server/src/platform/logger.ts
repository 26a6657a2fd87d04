import pino, { type DestinationStream, type Logger } from 'pino';
import { isColorSupported, prettyFactory } from 'pino-pretty';
import type { Config } from '../config.js';
import { errWithoutValues } from './database-refusals.js';
import { currentRequestId } from './request-id.js';

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

/**
 * Lines written during a request's work (or a job it queued) through any logger carry its id as
 * `reqId`, as Fastify's request logger does: one id follows the work through the process. Skipped
 * when the logger already binds it (the request's own logger, a job's).
 */
function requestIdMixin(_obj: object, _level: number, logger: Logger): object {
  const reqId = currentRequestId();
  if (!reqId) return {};
  const bound = (logger as unknown as Record<symbol, string | undefined>)[pino.symbols.chindingsSym];
  return bound?.includes('"reqId":') ? {} : { reqId };
}

/** The fields of the one line written per request (platform/request-log.ts). */
interface RequestFields {
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/**
 * A person reading a terminal gets one short line per entry: "[14:03:22] INFO: GET /api/tickets
 * 200 12 ms" for a request, the message and its fields on one line otherwise. Written
 * synchronously, like the JSON lines, so a crash loses nothing.
 */
function terminalStream(out: { write(line: string): unknown }, colorize: boolean): DestinationStream {
  const format = prettyFactory({
    colorize,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const { req, res, responseTime } = log as RequestFields;
      if (!req || !res) return String(log[messageKey] ?? '');
      return `${req.method} ${req.url} ${res.statusCode} ${responseTime} ms`;
    },
  });
  return { write: (line: string) => void out.write(format(line)) };
}

/**
 * JSON lines (one object each) for files and collectors; when stdout is a terminal, the human
 * lines above instead. `destination` defaults to stdout (tests pass their own, JSON unless
 * `terminal` says otherwise). The redaction applies to both: it runs before either is written.
 */
export function createLogger(
  config: Pick<Config, 'LOG_LEVEL'>,
  destination?: DestinationStream,
  format: { terminal?: boolean; colorize?: boolean } = {},
): Logger {
  const options: pino.LoggerOptions = {
    level: config.LOG_LEVEL,
    mixin: requestIdMixin,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]', '*.password'],
    serializers: {
      // A failed query's parameters are whatever it wrote (tokens, keys, a contact's email).
      err: errWithoutValues,
      req: (req: { method: string; url: string; ip?: string }) => ({
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
  const out = destination ?? process.stdout;
  const terminal = format.terminal ?? (destination === undefined && process.stdout.isTTY === true);
  if (terminal) return pino(options, terminalStream(out, format.colorize ?? isColorSupported));
  return destination ? pino(options, destination) : pino(options);
}
