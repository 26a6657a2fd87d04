import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { EXTERNAL_API_LIMITS, externalSendFields, messageIdParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { authenticateConnection, rateKeyOf, type ApiConnection } from './authenticate.js';
import { MULTIPART_OPTIONS, readSendRequest } from './read-request.js';
import { sendExternalMessage } from './send-message.js';
import { externalMessageFile } from './message-media.js';
import { sendStoredFile } from '../../platform/serve-file.js';

/**
 * `/messages/send`: the external message API, and `/messages/media/{id}`: a message's file for
 * it (webhook deliveries name it). Public to the session guard — they authenticate by the
 * connection token instead. Per request, in order: the per-token rate limit (onRequest), the token
 * (before any body or parameter is read), then the body, then the work.
 */
export const externalApiRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Both scoped to this plugin: no other route reads multipart or shares these limits.
    await app.register(multipart, MULTIPART_OPTIONS);
    await app.register(rateLimit, { global: false });

    const callers = new WeakMap<FastifyRequest, ApiConnection>();

    app.post(
      '/send',
      {
        config: {
          public: true,
          input: { multipart: { files: 'medias' }, json: externalSendFields },
          rateLimit: { max: EXTERNAL_API_LIMITS.perMinute, timeWindow: 60_000, keyGenerator: rateKeyOf },
        },
        preParsing: async (req, _reply, payload) => {
          callers.set(req, await authenticateConnection(deps, req));
          return payload;
        },
      },
      async (req) => {
        const conn = callers.get(req)!;
        return sendExternalMessage(deps, conn, await readSendRequest(req, deps.storage, conn.companyId));
      },
    );

    app.get(
      '/media/:id',
      {
        schema: { params: messageIdParams },
        config: {
          public: true,
          rateLimit: { max: EXTERNAL_API_LIMITS.perMinute, timeWindow: 60_000, keyGenerator: rateKeyOf },
        },
        onRequest: async (req) => {
          callers.set(req, await authenticateConnection(deps, req));
        },
      },
      async (req, reply) => sendStoredFile(reply, await externalMessageFile(deps, callers.get(req)!, req.params.id)),
    );
  };
