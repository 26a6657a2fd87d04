import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/** Serves the built web app; client routes get index.html, /api stays JSON. */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  if (!existsSync(path.join(dist, 'index.html'))) {
    app.log.warn({ dist }, 'web app not built: only the API is served');
    return;
  }
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    index: ['index.html'],
    setHeaders(res, file) {
      // Hashed assets never change; index.html always revalidates.
      res.header('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.get('/*', { config: { public: true } }, (req, reply) => {
    if (req.url.startsWith('/api/') || req.url === '/api') {
      return reply.status(404).send({ error: 'ERR_NOT_FOUND', message: 'No such route' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
