import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { SHARED_ENTITIES, SUPER_PERMISSIONS } from '@balcao/contracts';
import { refsOf } from '@balcao/contracts/schema-walk';
import { startTestApp } from '../../test/support/app.js';
import { createPlan, createTenant } from '../../test/support/factories.js';
import { populateTenant } from '../../test/support/tenant-fixture.js';
import { changedTables, dbSnapshot } from '../../test/support/db-snapshot.js';
import {
  schemaOf,
  schemasAccept,
  sendWire,
  toWire,
  validInput,
  type Input,
  type Part,
} from '../../test/support/route-requests.js';
import type { IdsByEntity } from '../../test/support/schema-arbitrary.js';
import { routeTable, type RouteEntry } from './route-table.js';

/**
 * The generated cross-tenant suite. Every id a route takes — in its path, its query or its body —
 * says which entity it names (the contracts' `ref`). For each one, company A's admin calls the
 * route with an otherwise valid input of A's and company B's row in that one place:
 * - an id in the path answers 404 (403 for the platform operator's routes, which A may not call);
 * - an id in a body is refused (4xx) and nothing is written anywhere;
 * - no answer ever carries anything of B's (every row of B's holds a marker).
 * Public routes act for no company (the Cloud API webhook names its connection and proves it with
 * that connection's secrets) and are left to their own tests.
 * A list whose ids each get their own answer is the exception: the bulk route answers 200 with
 * another company's ticket skipped as `not_found` (the contract), still writing nothing.
 */
const SKIPPED_EACH = new Set(['POST /api/tickets/bulk body.ticketIds.[]']);
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const RUNS = Number(process.env.CROSS_TENANT_RUNS ?? 2);

const t = await startTestApp();
afterAll(() => t.stop());
const planId = (await createPlan(t, { users: 1000, connections: 1000, queues: 1000 })).id;
const a = await populateTenant(t, await createTenant(t, { planId }), planId, 'tenant-a');
const b = await populateTenant(t, await createTenant(t, { planId }), planId, 'zz-company-b-private');
await t.running.deps.sessions.stop();

const isSuper = (r: RouteEntry) => (SUPER_PERMISSIONS as readonly string[]).includes(r.access.split(' ')[0]!);
/** ROUTES=<regex> narrows a run to some routes (`METHOD /api/path`). */
const only = new RegExp(process.env.ROUTES ?? '');
const routes = routeTable(t.running.app).filter(
  (r) => r.url.startsWith('/api/') && !r.public && only.test(`${r.method} ${r.url}`),
);

interface Site {
  part: Part;
  path: string;
  key: keyof IdsByEntity;
}
/** Every place of a route that names a row of one company. */
const sitesOf = (route: RouteEntry): Site[] =>
  (['params', 'querystring', 'body'] as const).flatMap((part) => {
    const schema = schemaOf(route, part);
    if (!schema) return [];
    return refsOf(schema)
      .filter((f) => !SHARED_ENTITIES.includes(f.ref.entity))
      .map((f) => ({
        part,
        path: f.path,
        key: (f.ref.column ? `${f.ref.entity}.${f.ref.column}` : f.ref.entity) as keyof IdsByEntity,
      }))
      .filter((s) => b.ids[s.key]?.length);
  });

function place(target: unknown, path: string, value: unknown): unknown {
  const [head, ...rest] = path.split('.');
  if (head === '[]') return [rest.length ? place({}, rest.join('.'), value) : value];
  const o = { ...((target && typeof target === 'object' ? target : {}) as Record<string, unknown>) };
  o[head!] = rest.length ? place(o[head!], rest.join('.'), value) : value;
  return o;
}

const cases = routes.flatMap((route) =>
  sitesOf(route).map((site) => [`${route.method} ${route.url} ${site.part}.${site.path}`, route, site] as const),
);
let requests = 0;

describe("another company's ids", () => {
  it.skipIf(process.env.ROUTES)('are found in the route table (the suite checks something)', () => {
    expect(cases.length).toBeGreaterThan(60);
    for (const entity of ['tickets', 'contacts', 'users', 'whatsapps', 'queues', 'messages', 'tags'])
      expect(
        cases.some(([, , s]) => s.key === entity && s.part === 'params'),
        entity,
      ).toBe(true);
  });

  it.each(cases)('%s', async (label, route, site) => {
    await fc.assert(
      fc.asyncProperty(validInput(route, a.ids), fc.constantFrom(...b.ids[site.key]!), async (input, theirs) => {
        // Only an input the route would take with A's own ids says anything about B's.
        fc.pre(schemasAccept(route, input, toWire(route, input)));
        const crossed = { ...input, [site.part]: place(input[site.part], site.path, theirs) } as Input;
        const wire = toWire(route, crossed);
        const before = route.method === 'GET' ? undefined : await dbSnapshot(t.running.deps.pools.owner);
        const res = await sendWire(t.url, route.method, wire, { authorization: `Bearer ${a.tenant.admin.token}` });
        requests++;
        const what = `${label} = ${theirs} (FC_SEED=${seed}) → ${res.status} ${res.text.slice(0, 200)}`;
        expect(res.text, `${what}: B's data in the answer`).not.toContain(b.marker);
        if (site.part === 'params') expect(res.status, what).toBe(isSuper(route) ? 403 : 404);
        if (SKIPPED_EACH.has(label)) {
          expect(res.status, what).toBe(200);
          expect(JSON.parse(res.text).skipped, what).toContainEqual({ id: theirs, reason: 'not_found' });
        } else if (site.part === 'body') expect(res.status >= 400 && res.status < 500, what).toBe(true);
        if (before)
          expect(changedTables(before, await dbSnapshot(t.running.deps.pools.owner)), `${what}: wrote`).toEqual([]);
      }),
      { numRuns: RUNS, seed },
    );
  });

  it('sent what it says (figures for the notes)', () => {
    console.log(`cross-tenant suite: ${cases.length} id sites, ${requests} requests`);
    expect(requests).toBeGreaterThanOrEqual(cases.length);
  });
});
