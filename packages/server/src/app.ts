import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import jwt from '@fastify/jwt';
import helmet from '@fastify/helmet';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { ACCESS_TOKEN_TTL_SECONDS } from '@balcao/contracts';
import { servedOverHttps } from './config.js';
import type { Deps } from './platform/context.js';
import type { EventsFor } from './channels/channel.js';
import {
  answerClientError,
  answerRealtimeErrors,
  answerRouterError,
  registerErrorHandling,
} from './platform/http-errors.js';
import { expiredMessage, registerGuard, verifyAccessToken } from './platform/guard.js';
import { recordRoutes } from './platform/route-table.js';
import { registerOutboundSaveCheck } from './platform/outbound/save-check.js';
import { loadSession, subscriptionActive } from './platform/session.js';
import { AppError } from './platform/errors.js';
import type { RealtimeHub } from './platform/realtime.js';
import { registerWeb } from './platform/web.js';
import { registerRequestLog } from './platform/request-log.js';
import { registerRequestId, requestIdOf, withIdHeader } from './platform/request-id.js';
import { registerHttpDrain } from './platform/http-drain.js';
import { registerOperations } from './platform/operations-routes.js';
import type { Lifecycle } from './platform/readiness.js';
import { apiRoutes } from './modules/routes.js';
import { socketScope } from './modules/users/socket-scope.js';

export interface AppOptions {
  deps: Deps;
  hub: RealtimeHub;
  /** The door into the pipeline, for the provider routes that receive reports (boot.ts makes it). */
  eventsFor: EventsFor;
  /** Directory of the built web app; omitted in API-only tests. */
  webDist?: string;
  /** Whether the process takes new work (boot.ts turns it off when stopping: /api/ready says 503). */
  lifecycle?: Lifecycle;
}

/** The WebSocket origin of PUBLIC_URL (`https:` → `wss:`), none when it is unset. */
const socketOrigin = (publicUrl: string | undefined): string[] => {
  if (!publicUrl) return [];
  const url = new URL(publicUrl);
  return [`${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`];
};

/** The whole HTTP + realtime app, used as is by main.ts and by the tests. */
export async function buildApp({
  deps,
  hub,
  eventsFor,
  webDist,
  lifecycle = { accepting: true },
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    loggerInstance: deps.log as FastifyBaseLogger,
    // platform/request-log.ts writes one line per request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: deps.config.TRUST_PROXY,
    bodyLimit: 2 * 1024 * 1024,
    frameworkErrors: withIdHeader(answerRouterError),
    clientErrorHandler: answerClientError,
    // request-id.ts checks the caller's x-request-id (Fastify would take any value of the header).
    requestIdHeader: false,
    genReqId: requestIdOf,
  }).withTypeProvider<ZodTypeProvider>();
  registerRequestId(app);
  lifecycle.drainHttp = registerHttpDrain(app);
  registerRequestLog(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // HSTS and upgrade-insecure-requests send browsers to https for good: only when the product is
  // served over https, else a plain-http deployment (a LAN host) becomes unreachable.
  const https = servedOverHttps(deps.config);
  await app.register(helmet, {
    strictTransportSecurity: https,
    contentSecurityPolicy: {
      directives: {
        ...(https ? {} : { 'upgrade-insecure-requests': null }),
        'img-src': ["'self'", 'data:', 'blob:', 'https:'],
        'media-src': ["'self'", 'blob:', 'data:', 'https:'],
        'frame-src': ['https://www.youtube.com', 'https://www.youtube-nocookie.com'],
        // The web app talks to its own origin only (API and Socket.IO). 'self' covers ws(s) of that
        // origin in current browsers; PUBLIC_URL's own ws(s) origin is named too for older ones.
        'connect-src': ["'self'", ...socketOrigin(deps.config.PUBLIC_URL)],
        // The .xlsx reader of the contacts import unzips large files in a worker made from a blob.
        'worker-src': ["'self'", 'blob:'],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cookie);
  await app.register(jwt, {
    secret: deps.secrets.jwt,
    sign: { expiresIn: ACCESS_TOKEN_TTL_SECONDS },
  });

  const clientPage = webDist ? await registerWeb(app, webDist) : undefined;
  registerErrorHandling(app, clientPage);
  registerGuard(app, deps);
  recordRoutes(app);
  registerOutboundSaveCheck(app, deps.config.OUTBOUND_ALLOWED_HOSTS);
  await registerOperations(app, deps, lifecycle);
  await app.register(apiRoutes(deps, eventsFor), { prefix: '/api' });

  const io = hub.attach(app.server, async (token) => {
    if (!token) throw new Error('missing token');
    let claims;
    try {
      claims = verifyAccessToken(app, token);
    } catch {
      throw new Error('ERR_SESSION_EXPIRED: token expired or invalid');
    }
    const session = await loadSession(deps.pools.platformDb, claims.sid, Number(claims.sub));
    if (!session) throw new Error('ERR_SESSION_EXPIRED: session ended');
    // HTTP's rule (guard.ts): an expired company's users get no socket; super users always do.
    if (!subscriptionActive(session)) {
      throw new AppError('ERR_SUBSCRIPTION_EXPIRED', expiredMessage(session.company.dueDate), {
        extra: { dueDate: session.company.dueDate },
      });
    }
    return { session, ...(await socketScope(deps, session.user.companyId, session.user.id)) };
  });
  answerRealtimeErrors(io);
  app.addHook('onClose', () => hub.close());
  return app;
}
