import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Deps } from './context.js';
import { AppError } from './errors.js';
import { httpDuration, methodLabel, registry } from './metrics.js';
import { readiness, type Lifecycle } from './readiness.js';

/** Everything a request's answer took, by route pattern (`unmatched`: no route, a web page, a 404). */
function observeRequests(app: FastifyInstance): void {
  app.addHook('onResponse', (req, reply, done) => {
    httpDuration.observe(
      { method: methodLabel(req.method), route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

const sameSecret = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The operator's routes (ARCHITECTURE.md "Operations"): `/api/health` (the process answers; no
 * database, no sign-in), `/api/ready` (503 naming the failed check; while shutting down too, so a
 * proxy stops sending first) and, only when METRICS_TOKEN is set, `/metrics` for Prometheus with
 * `Authorization: Bearer <METRICS_TOKEN>`. Unset, `/metrics` is an unknown address (JSON 404).
 */
export async function registerOperations(app: FastifyInstance, deps: Deps, lifecycle: Lifecycle): Promise<void> {
  observeRequests(app);
  const open = { config: { public: true } };
  app.get('/api/health', open, async () => ({ status: 'ok' }));
  app.get('/api/ready', open, async (_req, reply) => {
    const { ready, checks } = await readiness(deps.pools.owner, lifecycle);
    if (ready) return { status: 'ready', checks };
    const failed = Object.keys(checks).filter((k) => checks[k as keyof typeof checks] !== 'ok');
    return reply.status(503).send({
      ...new AppError('ERR_NOT_READY', `Not ready: ${failed.join(', ')}`).body(),
      status: 'not ready',
      checks,
    });
  });
  const token = deps.config.METRICS_TOKEN;
  if (!token) return;
  app.get('/metrics', open, async (req, reply) => {
    const header = req.headers.authorization ?? '';
    if (!header.startsWith('Bearer ') || !sameSecret(header.slice(7).trim(), token)) {
      throw new AppError('ERR_INVALID_CREDENTIALS', 'The metrics need the metrics token');
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}
