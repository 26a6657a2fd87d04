import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ERROR_STATUS, SUPER_PERMISSIONS } from '@balcao/contracts';
import { startTestApp } from '../../test/support/app.js';
import { createPlan, createTenant } from '../../test/support/factories.js';
import { populateTenant } from '../../test/support/tenant-fixture.js';
import { changedTables, dbSnapshot } from '../../test/support/db-snapshot.js';
import {
  mutationsOf,
  nextAddress,
  schemasAccept,
  sendWire,
  toWire,
  validInput,
  type Input,
  type Mutation,
} from '../../test/support/route-requests.js';
import { routeTable, type RouteEntry } from './route-table.js';

/**
 * The generated bad-input suite. For every route of the route table, a valid input is drawn
 * from its schemas (ids of rows that exist), then changed one field at a time — wrong types,
 * missing, past every bound, prototype keys, numbers in odd forms — and as a whole: malformed
 * JSON, another content type, broken multipart forms. Whatever arrives: never a 5xx; a refusal
 * is the error contract (a catalogue code, a message, a small body) and writes nothing; what the
 * route's own schemas refuse is refused (400, or 413/414/431 for sizes the server refuses first).
 * A new route is covered the day it is registered.
 *
 * FC_SEED=<n> replays a run (the seed is printed when a case fails).
 */
const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
/** Random mutations per route on top of the one case per (field, kind). */
const RANDOM_RUNS = Number(process.env.BAD_INPUT_RANDOM_RUNS ?? 4);

const t = await startTestApp({ TRUST_PROXY: 'true' });
afterAll(() => t.stop());
/** ROUTES=<regex> narrows a run to some routes (`METHOD /api/path`), e.g. while fixing one. */
const only = new RegExp(process.env.ROUTES ?? '');
const routes = routeTable(t.running.app).filter((r) => r.url.startsWith('/api/') && only.test(`${r.method} ${r.url}`));

// The company the suite acts as, with one row of every entity. Platform rows it may change
// (a plan, a company, a help) are victims of their own, so a valid edit never expires the
// subscription the suite runs on.
const planId = (await createPlan(t, { users: 1000, connections: 1000, queues: 1000 })).id;
const a = await populateTenant(t, await createTenant(t, { planId }), planId, 'bad-input');
const victim = await createTenant(t);
const superToken = await t.superToken();
const help = (await t.api.as(superToken).post('/api/helps', { title: 'Ajuda', video: '', description: '' })).body;
const announcement = (await t.api.as(superToken).post('/api/announcements', { title: 'Aviso', text: 'Texto' })).body;
const ids = {
  ...a.ids,
  companies: [victim.companyId],
  plans: [(await createPlan(t)).id],
  helps: [help.id],
  announcements: [announcement.id],
};
// The sessions registry is stopped: no channel writes on its own while snapshots are compared.
await t.running.deps.sessions.stop();
// Nor the scheduled jobs: the daily invoices (06:00 UTC) issued one for the suite's company
// between two snapshots of a run that crossed that hour.
await t.running.deps.pools.owner.query('delete from pgboss.schedule');

const isSuper = (r: RouteEntry) => (SUPER_PERMISSIONS as readonly string[]).includes(r.access.split(' ')[0]!);
/** Who calls a route: its own kind of caller, so bad input is what stops it, not access. */
function credentials(r: RouteEntry): Record<string, string> {
  // The external API: a connection's token.
  if (r.url === '/api/messages/send' || r.url === '/api/messages/media/:id') {
    return { authorization: `Bearer ${a.connectionToken}` };
  }
  if (r.public) return {};
  return { authorization: `Bearer ${isSuper(r) ? superToken : a.tenant.admin.token}` };
}

/**
 * What a refused input may answer: 400, or what the server says before the route's schemas —
 * sizes (413, 414, 431), the external API's per-token limit (429), a signed webhook's proof
 * (401, or 404 for a connection that is not a Cloud API one), and a path whose parameter is
 * empty or a dot segment, which is the URL of another route or of none.
 */
function refusals(route: RouteEntry, input: Input): number[] {
  const allowed = [400, 413, 414, 431];
  if (route.url.startsWith('/api/messages/') && route.public) allowed.push(429);
  if (route.input && 'signed' in route.input) allowed.push(401, 404);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  // An empty parameter, or a dot segment ('.', '..', which the client's URL parsing resolves away),
  // makes the URL another route's or none's.
  const elsewhere = (v: unknown) => v === undefined || v === '' || v === '.' || v === '..';
  if (names.some((name) => elsewhere(input.params[name]))) allowed.push(401, 403, 404);
  return allowed;
}
const totals = { requests: 0, refused: 0 };

/**
 * What an accepted input queued (an AI turn after a transfer, an import's check…) is not this
 * suite's: it is dropped, and a job already running is waited for (up to 5 s), so it cannot write
 * between the next input's snapshots (an AI turn failing a minute later wrote its handover note).
 */
async function dropFollowUps() {
  const owner = t.running.deps.pools.owner;
  await owner.query(`delete from pgboss.job where state in ('created', 'retry')`);
  for (let i = 0; i < 100; i++) {
    const { rows } = await owner.query<{ n: number }>(
      `select count(*)::int as n from pgboss.job where state = 'active'`,
    );
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function tryMutation(route: RouteEntry, base: Input, m: Mutation) {
  const input = m.input ? m.input(base) : base;
  const wire = m.wire ? m.wire(toWire(route, input)) : toWire(route, input);
  // Unknown query keys are ignored, not refused: the route's schemas decide, as for the rest.
  const refusable = m.label.endsWith('(unknown query keys)')
    ? !schemasAccept(route, input, toWire(route, input))
    : m.wire !== undefined || !schemasAccept(route, input, wire);
  const what = `${route.method} ${route.url}: ${m.label} (FC_SEED=${seed})`;
  const before = route.method === 'GET' ? undefined : await dbSnapshot(t.running.deps.pools.owner);
  const res = await sendWire(t.url, route.method, wire, { ...credentials(route), 'x-forwarded-for': nextAddress() });
  totals.requests++;
  expect(res.status, `${what} → ${res.text.slice(0, 300)}`).toBeLessThan(500);
  if (res.status < 400) return dropFollowUps();
  totals.refused++;
  expect(Object.keys(ERROR_STATUS), `${what}: error code`).toContain(res.body?.error);
  expect(typeof res.body?.message, `${what}: message`).toBe('string');
  expect(res.text.length, `${what}: a refusal stays small`).toBeLessThan(16_384);
  if (refusable)
    expect(refusals(route, input), `${what} → ${wire.path} ${res.status} ${res.text.slice(0, 200)}`).toContain(
      res.status,
    );
  if (before) {
    const after = await dbSnapshot(t.running.deps.pools.owner);
    expect(changedTables(before, after), `${what}: refused with ${res.status} but wrote`).toEqual([]);
  }
}

describe('every route refuses bad input cleanly', () => {
  it.each(routes.map((r) => [`${r.method} ${r.url}`, r] as const))(
    '%s',
    async (_label, route) => {
      const [base] = fc.sample(validInput(route, ids), { numRuns: 1, seed });
      // Mutations start from an input the route takes, so each one tries what it says.
      expect(
        schemasAccept(route, base!, toWire(route, base!)),
        `a valid input of ${_label}: ${JSON.stringify(base)}`,
      ).toBe(true);
      const mutations = mutationsOf(route);
      // Every (field, kind) once, then fast-check's own mix of inputs and mutations.
      for (const [i, arb] of mutations.entries()) {
        await tryMutation(route, base!, fc.sample(arb, { numRuns: 1, seed: seed + i })[0]!);
      }
      await fc.assert(
        fc.asyncProperty(validInput(route, ids), fc.oneof(...mutations), (input, m) => tryMutation(route, input, m)),
        { numRuns: RANDOM_RUNS, seed, endOnFailure: true },
      );
      // A route with many fields (a flow's graph) sends hundreds of requests; on the loaded machine
      // that passes 30 s, and a timed-out run's requests would go on writing under the next test.
    },
    180_000,
  );

  it.skipIf(process.env.ROUTES)('sent what it says (figures for the notes)', () => {
    console.log(`bad-input suite: ${routes.length} routes, ${totals.requests} requests, ${totals.refused} refused`);
    expect(totals.requests).toBeGreaterThan(routes.length * 5);
  });
});
