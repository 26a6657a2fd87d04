import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { describeAccess, type RouteAccess } from './guard.js';

/**
 * How a route reads a body its `schema.body` does not describe. Every POST and PUT has a body
 * schema or says which of these it is, so the route table knows every input of every route (the
 * generated bad-input and cross-tenant suites read it).
 */
export type RouteInput =
  /** No body is read. */
  | { none: true }
  /** A multipart form the handler reads (`files`: the file field), or JSON checked against `json`. */
  | { multipart: { files: string }; json?: z.ZodType }
  /** Raw bytes read only once a signature over them holds (a provider's webhook). */
  | { signed: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    input?: RouteInput;
  }
}

/** One route as the suites see it: its access, its schemas and how it reads its body. */
export interface RouteEntry {
  method: string;
  url: string;
  access: string;
  public: boolean;
  schema: { params?: z.ZodType; querystring?: z.ZodType; body?: z.ZodType };
  input?: RouteInput;
}

const tables = new WeakMap<FastifyInstance, RouteEntry[]>();

/** Records every route registered after it (call before the API's plugins). */
export function recordRoutes(app: FastifyInstance): void {
  const table: RouteEntry[] = [];
  tables.set(app, table);
  app.addHook('onRoute', (route) => {
    const config = route.config as (RouteAccess & { input?: RouteInput }) | undefined;
    const schema = (route.schema ?? {}) as RouteEntry['schema'];
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({
        method,
        url: route.url,
        access: describeAccess(config),
        public: Boolean(config?.public),
        schema: { params: schema.params, querystring: schema.querystring, body: schema.body },
        input: config?.input,
      });
    }
  });
}

/** Every route recorded, sorted by `METHOD path`. */
export function routeTable(app: FastifyInstance): RouteEntry[] {
  const key = (r: RouteEntry) => `${r.url} ${r.method}`;
  return [...(tables.get(app) ?? [])].sort((a, b) => key(a).localeCompare(key(b)));
}

/** `METHOD path → access` of every route (the review snapshot of who may call what). */
export function routeAccessTable(app: FastifyInstance): Record<string, string> {
  return Object.fromEntries(
    routeTable(app)
      .map((r) => [`${r.method} ${r.url}`, r.access] as const)
      .sort(([a], [b]) => a.localeCompare(b)),
  );
}
