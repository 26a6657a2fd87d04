import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { outboundPaths } from '@balcao/contracts/schema-walk';
import { invalid } from '../errors.js';
import { INTERNAL_ADDRESS, refusedUrl, type OutboundAllowance } from './policy.js';

/** The code a refused URL field carries in a 400's `fields`. */
export const INTERNAL_ADDRESS_CODE = 'internalAddress';

/**
 * Refuses URLs written as a blocked address (in any spelling) where they are saved: 400
 * ERR_VALIDATION naming each field. `urls` maps a field's name to its value (blank: none). A
 * name is not resolved here: what it resolves to is checked at each request (client.ts).
 */
export function refuseInternalUrls(urls: Record<string, string | undefined>, allowance: OutboundAllowance): void {
  const fields: Record<string, string> = {};
  for (const [field, url] of Object.entries(urls))
    if (url && refusedUrl(url, allowance) === INTERNAL_ADDRESS) fields[field] = INTERNAL_ADDRESS_CODE;
  if (Object.keys(fields).length > 0)
    throw invalid(fields, `${Object.keys(fields).join(', ')}: refused, an internal address`);
}

/** The values at a schema path (`a.[].b`) of a parsed body, with their concrete paths (`a.0.b`). */
function valuesAt(value: unknown, path: string[], at: string[] = []): Array<[string, unknown]> {
  if (path.length === 0) return [[at.join('.'), value]];
  const [head, ...rest] = path;
  if (head === '[]') return Array.isArray(value) ? value.flatMap((v, i) => valuesAt(v, rest, [...at, String(i)])) : [];
  if (!value || typeof value !== 'object' || !Object.hasOwn(value, head!)) return [];
  return valuesAt((value as Record<string, unknown>)[head!], rest, [...at, head!]);
}

/**
 * Every route whose body has `outboundUrl` fields (contracts) checks them after validation, with
 * the deployment's allowance: one place for every such field of every route, present and future.
 * Call before the routes are registered.
 */
export function registerOutboundSaveCheck(app: FastifyInstance, allowance: OutboundAllowance): void {
  app.addHook('onRoute', (route) => {
    const body = (route.schema as { body?: z.ZodType } | undefined)?.body;
    const paths = body ? outboundPaths(body) : [];
    if (paths.length === 0) return;
    const check: preHandlerAsyncHookHandler = async (req) => {
      const urls = paths.flatMap((p) => valuesAt(req.body, p.split('.')));
      refuseInternalUrls(
        Object.fromEntries(urls.map(([field, v]) => [field, typeof v === 'string' ? v : undefined])),
        allowance,
      );
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), check];
  });
}
