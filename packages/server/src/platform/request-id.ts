import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * Every request has an id: the caller's `x-request-id` when it is a plain token (a proxy's or a
 * client's, up to 64 of `[A-Za-z0-9._-]`), else a new UUID. It is on every answer, on every log
 * line of the request (Fastify's `reqId`), and goes into the jobs the request queues (jobs.ts) and
 * the messages it queues (`messages.request_id`), whose jobs and sends log under it too: one
 * customer's problem is followed from the click to the send.
 */
export const REQUEST_ID_HEADER = 'x-request-id';
const VALID = /^[A-Za-z0-9._-]{1,64}$/;

/** Fastify's `genReqId`: the caller's id when valid, else a new one (never a header's junk in our logs). */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && VALID.test(given) ? given : randomUUID();
}

const current = new AsyncLocalStorage<string>();

/** The id of the request whose work is running now (a job or a send carries the one that queued it). */
export const currentRequestId = (): string | undefined => current.getStore();

/**
 * Runs `fn` as the request `id`'s work (a job's handler, so what it queues carries the id on; a
 * message's send), or, with no id, as no request's (work that serves many requests, such as an
 * outbox drain, must not log under the request that happened to start it).
 */
export const withRequestId = <T>(id: string | undefined, fn: () => T): T =>
  id ? current.run(id, fn) : current.exit(fn);

/** Fastify's `frameworkErrors` answer before any hook runs: the header is set here for them. */
export const withIdHeader =
  <E>(answer: (err: E, req: FastifyRequest, reply: FastifyReply) => unknown) =>
  (err: E, req: FastifyRequest, reply: FastifyReply) =>
    answer(err, req, reply.header(REQUEST_ID_HEADER, req.id));

/** The answer's header, and the id as the context of everything the request's handlers run. */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (req, reply, done) => {
    reply.header(REQUEST_ID_HEADER, req.id);
    current.run(req.id, done);
  });
  // Answers sent before the hooks ran (the router's refusals) carry it too.
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!reply.hasHeader(REQUEST_ID_HEADER)) reply.header(REQUEST_ID_HEADER, req.id);
    done(null, payload);
  });
}
