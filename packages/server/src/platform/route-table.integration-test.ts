import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unboundedFields, untypedIds } from '@balcao/contracts/schema-walk';
import { startTestApp, type TestApp } from '../../test/support/app.js';
import { routeTable, type RouteEntry } from './route-table.js';

/**
 * The route table is what the generated suites (bad-input, cross-tenant) walk: a route they
 * cannot read is a route they cannot check. So every route says what it takes: a params schema
 * for every path parameter, a body schema or how it reads its body, and only bounded fields.
 */
let t: TestApp;
let routes: RouteEntry[];
beforeAll(async () => {
  t = await startTestApp();
  routes = routeTable(t.running.app);
});
afterAll(() => t?.stop());

const label = (r: RouteEntry) => `${r.method} ${r.url}`;
const api = () => routes.filter((r) => r.url.startsWith('/api/'));

describe('the route table', () => {
  it('holds every API route', () => {
    expect(api().length).toBeGreaterThan(100);
  });

  it('has a params schema for every route with a path parameter', () => {
    const missing = api().filter((r) => r.url.includes(':') && !r.schema.params);
    expect(missing.map(label)).toEqual([]);
  });

  it('knows how every POST and PUT reads its body: a schema, a multipart form, a signed payload or none', () => {
    const unknown = api().filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method) && !r.schema.body && !r.input);
    expect(unknown.map(label)).toEqual([]);
  });

  it('bounds every string and array a route takes, and says which entity every id names', () => {
    const problems = api().flatMap((r) =>
      (['params', 'querystring', 'body'] as const).flatMap((part) => {
        const schema =
          r.schema[part] ?? (part === 'body' && r.input && 'multipart' in r.input ? r.input.json : undefined);
        if (!schema) return [];
        return [
          ...unboundedFields(schema).map((f) => `${label(r)} ${part}.${f}`),
          ...untypedIds(schema).map((f) => `${label(r)} ${part}.${f}: an id without ref(entity)`),
        ];
      }),
    );
    expect(problems).toEqual([]);
  });
});
