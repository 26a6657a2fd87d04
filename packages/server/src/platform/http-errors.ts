import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Server as SocketServer } from 'socket.io';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@balcao/contracts';
import { AppError } from './errors.js';
import { dataRefusal } from './database-refusals.js';

const INTERNAL: ErrorBody = { error: 'ERR_INTERNAL_SERVER_ERROR', message: 'Unexpected error, please try again later' };
const malformed = (message: string): ErrorBody => ({ error: 'ERR_VALIDATION', message, fields: {} });
/** A validation refusal names at most this many fields. */
const MAX_NAMED_FIELDS = 50;

/** One place turns every failure into the JSON error contract; never a stack trace. */
export function registerErrorHandling(
  app: FastifyInstance,
  clientPage?: (method: string, url: string) => Promise<string> | null,
): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).headers(err.headers ?? {}).send(err.body());

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      let more = 0;
      for (const issue of err.validation) {
        const field =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(err.validationContext ?? 'body');
        if (fields[field]) continue;
        // A long list broken in every item (a flow's 2,000 edges) names its first ones: the answer stays small.
        if (Object.keys(fields).length >= MAX_NAMED_FIELDS) {
          more++;
          continue;
        }
        const text = issue.message ?? 'invalid';
        fields[field] = issue.keyword === 'invalid_type' && /received undefined/.test(text) ? 'required' : text;
      }
      return reply.status(400).send({
        error: 'ERR_VALIDATION',
        message: `Invalid ${Object.keys(fields).join(', ')}${more ? ` and ${more} more` : ''}`,
        fields,
      });
    }

    const refused = dataRefusal(err);
    if (refused) {
      // A value PostgreSQL refused (out of range, bad encoding…) that a schema let through: logged
      // by its code and names only, the statement's parameters never (database-refusals.ts).
      const { code, field, reason, table } = refused;
      req.log.warn({ refused: { code, table, field, reason } }, 'the database refused a value');
      return reply
        .status(400)
        .send({ error: 'ERR_VALIDATION', message: refused.message, fields: field ? { [field]: reason } : {} });
    }
    const status = 'statusCode' in err && typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) {
      return reply.status(429).send({ error: 'ERR_RATE_LIMITED', message: 'Too many requests, try again later' });
    }
    if (status === 413) {
      return reply.status(413).send({ error: 'ERR_PAYLOAD_TOO_LARGE', message: 'The request is too large' });
    }
    if (status >= 400 && status < 500 && !isResponseSerializationError(err)) {
      // Fastify's own refusals: malformed JSON, wrong content type, empty body…
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: err.message, fields: {} });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(INTERNAL);
  });

  app.setNotFoundHandler((req, reply) => {
    const page = clientPage?.(req.method, req.url);
    if (page) return page.then((html) => reply.type('text/html').header('cache-control', 'no-cache').send(html));
    // Never the URL itself: an answer (or a log of it) must not carry what the path held.
    return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `No route ${req.method} for this address` });
  });
}

/*
 * Refusals raised before any route runs, which would otherwise answer their raiser's own body
 * (and Fastify's echoes the URL): the same catalogue, never the URL.
 */

/** Fastify's `frameworkErrors`: the router's refusals (a path parameter past 100 characters, a bad escape). */
export function answerRouterError(err: FastifyError, _req: FastifyRequest, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return reply.status(414).send({ error: 'ERR_URI_TOO_LONG', message: 'A part of the address is too long' });
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send(malformed('Malformed address'));
  reply.log.error({ err }, 'router error');
  return reply.status(500).send(INTERNAL);
}

/** A whole HTTP answer for a raw socket, which closes after it. */
function rawAnswer(status: number, body: ErrorBody): string {
  const json = JSON.stringify(body);
  return (
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`
  );
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): what Node's HTTP parser refuses before
 * Fastify sees a request — headers or address past 16 KB, a malformed request, a timeout.
 */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, body]: [number, ErrorBody] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, { error: 'ERR_HEADERS_TOO_LARGE', message: 'The address or headers are too large' }]
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, { error: 'ERR_REQUEST_TIMEOUT', message: 'The request took too long to arrive' }]
        : [400, malformed('Malformed HTTP request')];
  // As Node does: not in the middle of an answer to an earlier request on this connection.
  const answering = (socket as { _httpMessage?: ServerResponse })._httpMessage;
  if (socket.writable && !answering?.headersSent) socket.write(rawAnswer(status, body));
  socket.destroy(err);
}

/**
 * Engine.IO's refusals (unknown transport or session, a bad handshake…) instead of its own
 * `{code, message}`: it emits `connection_error` just before answering and leaves an answer
 * already sent alone (an upgrade's, on its socket, once that is no longer writable).
 */
export function answerRealtimeErrors(io: SocketServer): void {
  const FORBIDDEN = 4; // Engine.IO's error code for a request `allowRequest` refused
  io.engine.on(
    'connection_error',
    ({ req, code, message }: { req: IncomingMessage & { res?: ServerResponse }; code: number; message: string }) => {
      const [status, body]: [number, ErrorBody] =
        code === FORBIDDEN
          ? [403, { error: 'ERR_NO_PERMISSION', message: 'Realtime connection refused' }]
          : [400, malformed(`Realtime: ${message}`)];
      if (req.res) {
        if (!req.res.headersSent)
          req.res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
      } else if (req.socket.writable) {
        req.socket.end(rawAnswer(status, body));
      }
    },
  );
}
