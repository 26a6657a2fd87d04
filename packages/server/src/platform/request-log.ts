import type { FastifyInstance } from 'fastify';

/**
 * One log line per request, written when its answer is sent: method, path (redacted by the
 * logger's `req` serializer), status and duration. Fastify's own pair of lines (incoming, then
 * completed without the path) is turned off in app.ts: in a terminal it doubled the noise.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    reply.log.info(
      { req, res: { statusCode: reply.statusCode }, responseTime: Math.round(reply.elapsedTime) },
      'request completed',
    );
    done();
  });
}
