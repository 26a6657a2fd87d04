import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, isDataError } from './errors.js';

/** One place turns every failure into the JSON error contract; never a stack trace. */
export function registerErrorHandling(
  app: FastifyInstance,
  clientPage?: (method: string, url: string) => Promise<string> | null,
): void {
  app.setErrorHandler((err: FastifyError | AppError | Error, req, reply) => {
    if (err instanceof AppError) return reply.status(err.status).send(err.body());

    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || String(err.validationContext ?? 'body');
        if (fields[field]) continue;
        const text = issue.message ?? 'invalid';
        fields[field] = issue.keyword === 'invalid_type' && /received undefined/.test(text) ? 'required' : text;
      }
      return reply.status(400).send({
        error: 'ERR_VALIDATION',
        message: `Invalid ${Object.keys(fields).join(', ')}`,
        fields,
      });
    }

    if (isDataError(err)) {
      // A value PostgreSQL refused (out of range, bad encoding…) that a schema let through.
      req.log.warn({ err }, 'data error reached the database');
      return reply.status(400).send({ error: 'ERR_VALIDATION', message: 'Invalid value', fields: {} });
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
    return reply
      .status(500)
      .send({ error: 'ERR_INTERNAL_SERVER_ERROR', message: 'Unexpected error, please try again later' });
  });

  app.setNotFoundHandler((req, reply) => {
    const page = clientPage?.(req.method, req.url);
    if (page) return page.then((html) => reply.type('text/html').header('cache-control', 'no-cache').send(html));
    return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: `No route ${req.method} ${req.url.split('?')[0]}` });
  });
}
