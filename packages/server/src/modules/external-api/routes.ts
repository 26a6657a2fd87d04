import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { externalSendFields, messageIdParams } from '@balcao/contracts';
import type { Deps } from '../../platform/context.js';
import { authenticateConnection, type ApiConnection } from './authenticate.js';
import { MULTIPART_OPTIONS, readSendRequest } from './read-request.js';
import { sendExternalMessage } from './send-message.js';
import { externalMessageFile } from './message-media.js';
import { sendStoredFile } from '../../platform/serve-file.js';

/**
 * `/messages/send`: the external message API, and `/messages/media/{id}`: a message's file for
 * it (webhook deliveries name it). Public to the session guard — they authenticate by the
 * connection token instead. Per request, in order: the token and its quota a minute (before any
 * body or parameter is read), then the body, then the work.
 */
export const externalApiRoutes =
  (deps: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    // Scoped to this plugin: no other route reads multipart.
    await app.register(multipart, MULTIPART_OPTIONS);

    const callers = new WeakMap<FastifyRequest, ApiConnection>();

    app.post(
      '/send',
      {
        config: {
          public: true,
          input: { multipart: { files: 'medias' }, json: externalSendFields },
        },
        preParsing: async (req, _reply, payload) => {
          callers.set(req, await authenticateConnection(deps, req, 'send'));
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
        },
        onRequest: async (req) => {
          callers.set(req, await authenticateConnection(deps, req, 'media'));
        },
      },
      async (req, reply) => sendStoredFile(reply, await externalMessageFile(deps, callers.get(req)!, req.params.id)),
    );
  };
