import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Serves the built web app: its files are public; client routes (any other GET that is not
 * under /api) get index.html; /api keeps answering JSON 404s.
 */
export async function registerWeb(app: FastifyInstance, dist: string) {
  const index = path.join(dist, 'index.html');
  if (!existsSync(index)) {
    app.log.warn({ dist }, 'web app not built: only the API is served');
    return undefined;
  }
  const page = () => readFile(index, 'utf8');
  await app.register(async (web) => {
    // Routes registered in this context only: the static files need no session.
    web.addHook('onRoute', (route) => {
      route.config = { ...(route.config as object), public: true };
    });
    await web.register(fastifyStatic, {
      root: dist,
      index: false,
      preCompressed: true,
      setHeaders(res, file) {
        // Hashed assets never change; everything else revalidates.
        const immutable = file.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    web.get('/', (_req, reply) => page().then((html) => reply.type('text/html').header('cache-control', 'no-cache').send(html)));
  });
  /** For the not-found handler: index.html for client routes, null for the rest. */
  return (method: string, url: string) => (isClientRoute(method, url) ? page() : null);
}

/**
 * A GET for a page of the web app (not the API, not a file): answered with index.html. Never
 * `/metrics`, the operator's address (operations-routes.ts): without METRICS_TOKEN a scraper gets
 * a JSON 404, not a page that reads as success.
 */
export function isClientRoute(method: string, url: string): boolean {
  if (method !== 'GET' && method !== 'HEAD') return false;
  const pathname = url.split('?')[0]!;
  return (
    !pathname.startsWith('/api/') &&
    pathname !== '/api' &&
    !pathname.startsWith('/socket.io') &&
    !/^\/metrics\/?$/.test(pathname) &&
    !/\.[a-z0-9]+$/i.test(pathname)
  );
}
