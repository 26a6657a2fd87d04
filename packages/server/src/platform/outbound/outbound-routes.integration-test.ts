import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { z } from 'zod';
import { fieldsOf, outboundPaths, unmarkedUrlFields, unwrap } from '@balcao/contracts/schema-walk';
import { startTestApp } from '../../../test/support/app.js';
import { createPlan, createTenant } from '../../../test/support/factories.js';
import { populateTenant } from '../../../test/support/tenant-fixture.js';
import { changedTables, dbSnapshot } from '../../../test/support/db-snapshot.js';
import { bodySchemaOf, schemaOf, sendWire, toWire, validInput } from '../../../test/support/route-requests.js';
import { validArbitrary, type IdsByEntity } from '../../../test/support/schema-arbitrary.js';
import { routeTable, type RouteEntry } from '../route-table.js';
import { INTERNAL_ADDRESS_CODE } from './save-check.js';

/**
 * The generated outbound suite: every URL a route takes goes through the outbound policy, today's
 * routes and the ones to come. (1) Every URL field of every request schema is an `outboundUrl`
 * (or says it is never requested): a new route with a plain `z.url()` fails here. (2) For every
 * outbound field of every route, a valid request with that field at an internal address is
 * refused with 400 naming it, and writes nothing.
 */
const t = await startTestApp();
afterAll(() => t.stop());
const routes = routeTable(t.running.app).filter((r) => r.url.startsWith('/api/'));
const label = (r: RouteEntry) => `${r.method} ${r.url}`;

const planId = (await createPlan(t, { users: 100, connections: 100, queues: 100 })).id;
const a = await populateTenant(t, await createTenant(t, { planId }), planId, 'outbound');
await t.running.deps.sessions.stop();

const BLOCKED = 'http://169.254.169.254/latest/meta-data';

type Def = { type: string } & Record<string, any>;
const defOf = (s: z.ZodType) => (s as any)._zod.def as Def;
const draw = (schema: z.ZodType, ids: IdsByEntity) => fc.sample(validArbitrary(schema, ids), { numRuns: 30 });

/**
 * `value` with BLOCKED at the schema path `path` (`[]`: an array element; when no element of the
 * array can hold it, e.g. a flow without a typebot node, one drawn from the union option that can
 * is added). Undefined when the schema cannot hold it there.
 */
function placeAt(schema: z.ZodType, value: unknown, path: string[], ids: IdsByEntity): unknown {
  if (path.length === 0) return BLOCKED;
  const bare = unwrap(schema);
  const def = defOf(bare);
  const [head, ...rest] = path;
  if (def.type === 'union') {
    const options = (def.options as z.ZodType[]).filter((o) => fieldsOf(o).some((f) => f.path === path.join('.')));
    for (const option of options) {
      if (value !== undefined) {
        const placed = placeAt(option, value, path, ids);
        if (placed !== undefined && option.safeParse(placed).success) return placed;
        continue;
      }
      for (const drawn of draw(option, ids)) {
        const fresh = placeAt(option, drawn, path, ids);
        if (fresh !== undefined && option.safeParse(fresh).success) return fresh;
      }
    }
    return undefined;
  }
  if (def.type === 'object') {
    const o = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
    const inner = placeAt((def.shape as Record<string, z.ZodType>)[head!]!, o[head!], rest, ids);
    return inner === undefined ? undefined : { ...o, [head!]: inner };
  }
  if (def.type === 'array' && head === '[]') {
    const list = Array.isArray(value) ? value : [];
    const element = def.element as z.ZodType;
    for (let i = 0; i < list.length; i++) {
      const placed = placeAt(element, list[i], rest, ids);
      if (placed !== undefined && JSON.stringify(element.parse(placed)).includes(BLOCKED))
        return list.map((v, k) => (k === i ? placed : v));
    }
    const added = placeAt(element, undefined, rest, ids);
    return added === undefined ? undefined : [...list, added];
  }
  return undefined;
}

const outboundRoutes = routes.flatMap((r) => {
  const body = bodySchemaOf(r);
  return body ? outboundPaths(body).map((path) => [`${label(r)} body.${path}`, r, path] as const) : [];
});

describe('the URLs routes take', () => {
  it('are all outboundUrl (or marked as never requested), in every part of every request', () => {
    const problems = routes.flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema = schemaOf(r, part);
        return schema ? unmarkedUrlFields(schema).map((f) => `${label(r)} ${part}.${f}`) : [];
      }),
    );
    expect(problems).toEqual([]);
  });

  it('include the known tenant URLs (the suite below reads something)', () => {
    expect(outboundRoutes.map(([name]) => name)).toEqual(
      expect.arrayContaining([
        'POST /api/queueIntegration body.urlN8N',
        'PUT /api/queueIntegration/:id body.urlN8N',
        'POST /api/flowbuilder/flow body.nodes.[].data.typebotIntegration.urlN8N',
      ]),
    );
  });
});

describe('a URL at an internal address', () => {
  it.each(outboundRoutes)('%s: 400 naming the field, nothing written', async (_name, route, path) => {
    const body = bodySchemaOf(route)!;
    const bases = fc.sample(validInput(route, a.ids), { numRuns: 30, seed: 1 });
    const input = bases
      .map((base) => ({ ...base, body: placeAt(body, base.body, path.split('.'), a.ids) }))
      .find((i) => i.body !== undefined && body.safeParse(i.body).success);
    expect(input, `no valid input of ${label(route)} holds ${path}`).toBeDefined();
    const before = await dbSnapshot(t.running.deps.pools.owner);
    const res = await sendWire(t.url, route.method, toWire(route, input!), {
      authorization: `Bearer ${a.tenant.admin.token}`,
    });
    expect(res.status, res.text).toBe(400);
    const named = new RegExp(`^${path.replaceAll('.', '\\.').replaceAll('[]', '\\d+')}$`);
    expect(Object.entries(res.body.fields ?? {})).toContainEqual([expect.stringMatching(named), INTERNAL_ADDRESS_CODE]);
    expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner))).toEqual([]);
  });
});
