import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { ticketListQuery } from '@balcao/contracts';
import * as schema from '../packages/server/src/db/schema/index.ts';
import { inTenant } from '../packages/server/src/db/client.ts';
import type { Ctx } from '../packages/server/src/platform/context.ts';
import { listTickets } from '../packages/server/src/modules/tickets/list-tickets.ts';
import { listMessages } from '../packages/server/src/modules/messages/list-messages.ts';
import { likePattern } from '../packages/server/src/platform/pagination.ts';
import { percentile } from './lib.ts';
import { openInboxDataset, signInAll, startInboxApp, type OpenDataset } from './inbox-dataset.ts';

/**
 * Inbox reads at scale (issue 4, acceptance 5) through the real app over HTTP, signed in as the
 * measured company's admin and as a plain user limited to two of its eight queues:
 * - `GET /api/tickets?status=open`, page 1 and page 50 (goal p95 ≤ 30 ms);
 * - `GET /api/tickets?searchParam=…` for words of different frequency, a contact name, a
 *   number found in one message and a word found nowhere (goal p95 ≤ 200 ms);
 * - `GET /api/messages/{ticketId}`, page 1 of random tickets and a deep page (goal p95 ≤ 20 ms).
 * Requests run one at a time after a warm-up; each case stops after its sample count or its time
 * budget, whichever comes first. Then the SQL behind each case is captured by running the app's
 * own use cases (listTickets, listMessages) with a recording query logger, and each statement is
 * run again under EXPLAIN (ANALYZE, BUFFERS) in the same tenant transaction, rolled back. The
 * plans go to `plans-<indexes>.md` in the dataset dir.
 *
 * For each search case the result also names the steps the app's search took (search-tickets.ts:
 * `probe`, `walk`, `whole list`, `set`, `set count`), read from the SQL the use case issued.
 *
 * INBOX_BENCH_INDEXES: `as-migrated` (default: the indexes of the migrations only; the bench's own
 * `bench_*` indexes are dropped) or `proposed` (the indexes in PROPOSED_INDEXES are created first).
 * INBOX_BENCH_SAMPLES (200) and INBOX_BENCH_SEARCH_SECONDS (20) bound each case;
 * INBOX_BENCH_CASES (a regular expression) keeps only the cases whose name matches.
 */
const MODE = process.env.INBOX_BENCH_INDEXES === 'proposed' ? 'proposed' : 'as-migrated';
const SAMPLES = Number(process.env.INBOX_BENCH_SAMPLES ?? 200);
const SEARCH_SECONDS = Number(process.env.INBOX_BENCH_SEARCH_SECONDS ?? 20);
/** Only the cases whose name matches (e.g. `open|message`, `search`), for a quick look at a few. */
const ONLY = process.env.INBOX_BENCH_CASES ? new RegExp(process.env.INBOX_BENCH_CASES) : undefined;

/**
 * Indexes to try before proposing them for a migration, named bench_* here: `{name, sql}` with
 * `create index bench_… on …`. Empty now: P1 and P2 of docs/bench/inbox-plans.md, first measured
 * from here, became migration 0011.
 */
export const PROPOSED_INDEXES: Array<{ name: string; sql: string }> = [];

interface Case {
  group: 'baseline' | 'tickets-open' | 'search' | 'messages';
  name: string;
  viewer: 'admin' | 'user';
  /** Paths to request in turn (one, or one per sampled ticket). */
  paths: string[];
  samples: number;
  seconds: number;
  /** How to capture the SQL of this case through the use case. */
  plan:
    | { kind: 'none' }
    | { kind: 'tickets'; query: Record<string, string> }
    | { kind: 'messages'; ticketId: number; page: number };
}

export async function benchInboxQueries() {
  const open = await openInboxDataset();
  let app: Awaited<ReturnType<typeof startInboxApp>> | undefined;
  try {
    const indexes = await applyIndexMode(open);
    app = await startInboxApp(open);
    const port = app.port;
    const { measured } = open.ds;
    const emails = { admin: measured.adminEmail, user: measured.userEmail };
    const cases = await buildCases(open);

    const results = [];
    for (const c of cases) {
      // A fresh access token per case (a refresh, cheap): slow cases outlive a token's 15 minutes.
      const [token] = await signInAll(open, port, [emails[c.viewer]]);
      const times = await measure(port, token!, c);
      results.push({ group: c.group, name: c.name, viewer: c.viewer, ...stats(times) });
    }

    const plansFile = path.join(open.dir, `plans-${MODE}.md`);
    const captured = await capturePlans(open, cases);
    await fs.writeFile(plansFile, captured.markdown);

    const goals = { baseline: Infinity, 'tickets-open': 30, search: 200, messages: 20 } as const;
    return {
      name: 'inbox-queries',
      machine: { cpus: os.cpus().length, loadAvg1m: Math.round(os.loadavg()[0]! * 100) / 100 },
      note: 'Shared 2-core machine with other work running: figures are upper bounds; rerun quietly.',
      indexes: { mode: MODE, created: indexes },
      dataset: { ...open.ds.counts, measuredCompanyTickets: await countTickets(open) },
      goalsP95Ms: { 'tickets-open': goals['tickets-open'], search: goals.search, messages: goals.messages },
      results: results.map((r) => ({
        ...r,
        ...(r.group !== 'baseline' && { meetsGoal: r.p95 <= goals[r.group] }),
        ...(captured.searchSteps.has(r.name) && { searchSteps: captured.searchSteps.get(r.name) }),
      })),
      plansFile,
    };
  } finally {
    await app?.stop();
    await open.close();
  }
}

/** As migrated: drop the bench's own indexes. Proposed: build them (again on every run). */
async function applyIndexMode(open: OpenDataset): Promise<string[]> {
  const { rows } = await open.owner.query<{ name: string }>(
    `select indexname as name from pg_indexes where schemaname = 'public' and indexname like 'bench\\_%'`,
  );
  const wanted = MODE === 'proposed' ? PROPOSED_INDEXES : [];
  // Dropped and built again each time (seconds): what is measured is exactly the definition above.
  for (const r of rows) await open.owner.query(`drop index "${r.name}"`);
  for (const w of wanted) {
    process.stderr.write(`inbox-queries: creating ${w.name}…\n`);
    await open.owner.query(w.sql);
  }
  if (wanted.length > 0) await open.owner.query('analyze tickets, messages, contacts');
  return wanted.map((w) => w.name);
}

const countTickets = async (open: OpenDataset) =>
  Number(
    (await open.owner.query('select count(*) from tickets where company_id = $1', [open.ds.measured.companyId])).rows[0]
      .count,
  );

async function buildCases(open: OpenDataset): Promise<Case[]> {
  const { measured } = open.ds;
  const q = (params: Record<string, string>) => `/api/tickets?${new URLSearchParams(params)}`;
  const cases: Case[] = [];
  const fast = { samples: SAMPLES, seconds: 30 };
  // The floor on this machine at this moment: the guard (session, user, company) and a small read.
  cases.push({
    group: 'baseline',
    name: 'GET /api/auth/me',
    viewer: 'user',
    paths: ['/api/auth/me'],
    ...fast,
    plan: { kind: 'none' },
  });

  for (const page of [1, 50]) {
    const base = { status: 'open', pageNumber: String(page) };
    cases.push(
      {
        group: 'tickets-open',
        name: `open page ${page}, show all`,
        viewer: 'admin',
        paths: [q({ ...base, showAll: 'true' })],
        ...fast,
        plan: { kind: 'tickets', query: { ...base, showAll: 'true' } },
      },
      {
        group: 'tickets-open',
        name: `open page ${page}, own queues`,
        viewer: 'user',
        paths: [q(base)],
        ...fast,
        plan: { kind: 'tickets', query: base },
      },
    );
  }
  // An admin without show-all gets the "mine" scope: tickets assigned to them, of which they have few.
  cases.push({
    group: 'tickets-open',
    name: 'open page 1, admin without show all',
    viewer: 'admin',
    paths: [q({ status: 'open' })],
    ...fast,
    plan: { kind: 'tickets', query: { status: 'open' } },
  });

  // Search terms of different frequency, found in the data itself.
  const order = await open.owner.query<{ n: string }>(
    `select substring(body from 'pedido (\\d{7})') as n from messages
      where company_id = $1 and body ~ 'pedido \\d{7}' order by id desc limit 1`,
    [measured.companyId],
  );
  const orderNumber = order.rows[0]?.n;
  if (!orderNumber) throw new Error('no order number found in the dataset');
  const searchCase = (label: string, term: string, viewer: 'admin' | 'user', query: Record<string, string>): Case => ({
    group: 'search',
    name: `search ${label} "${term}"${viewer === 'admin' ? ', show all' : ', own queues'}`,
    viewer,
    paths: [q(query)],
    samples: 30,
    seconds: SEARCH_SECONDS,
    plan: { kind: 'tickets', query },
  });
  for (const { label, term } of searchTerms(orderNumber)) {
    for (const viewer of ['admin', 'user'] as const) {
      const showAll: Record<string, string> = viewer === 'admin' ? { showAll: 'true' } : {};
      cases.push(searchCase(label, term, viewer, { searchParam: term, pageNumber: '1', ...showAll }));
    }
  }
  // Later pages (a longer walk, or the set) and a search within a status tab.
  const searchAlso = [
    { label: 'common word, page 3', term: 'boleto', viewer: 'admin', extra: { pageNumber: '3', showAll: 'true' } },
    { label: 'rare phrase, page 2', term: 'email pedro', viewer: 'admin', extra: { pageNumber: '2', showAll: 'true' } },
    { label: 'rarer word, open tickets', term: 'geladeira', viewer: 'user', extra: { status: 'open' } },
  ] as const;
  for (const { label, term, viewer, extra } of searchAlso) {
    cases.push(searchCase(label, term, viewer, { searchParam: term, ...extra }));
  }

  // Message pages: page 1 of random tickets (each request another ticket), and page 5 of long ones.
  const pick = async (where: string, params: unknown[], n: number) =>
    (
      await open.owner.query<{ id: number }>(
        `select id from tickets t where company_id = $1 and ${where} order by random() limit ${n}`,
        [measured.companyId, ...params],
      )
    ).rows.map((r) => r.id);
  const {
    rows: [user],
  } = await open.owner.query<{ id: number }>('select id from users where email = $1', [measured.userEmail]);
  const anyTickets = await pick('true', [], SAMPLES);
  const userTickets = await pick('(queue_id = any($2) or user_id = $3)', [measured.userQueueIds, user!.id], SAMPLES);
  // Among 3,000 random tickets, those with 150 messages or more (about one in nine).
  const longTickets = await pick(
    `id in (select s.id from (select id from tickets where company_id = $1 order by random() limit 3000) s
             where (select count(*) from messages m where m.company_id = $1 and m.ticket_id = s.id) >= 150)`,
    [],
    Math.min(SAMPLES, 100),
  );
  cases.push(
    {
      group: 'messages',
      name: 'message page 1, random tickets, admin',
      viewer: 'admin',
      paths: anyTickets.map((id) => `/api/messages/${id}`),
      ...fast,
      plan: { kind: 'messages', ticketId: anyTickets[0]!, page: 1 },
    },
    {
      group: 'messages',
      name: 'message page 1, random tickets of own queues, user',
      viewer: 'user',
      paths: userTickets.map((id) => `/api/messages/${id}`),
      ...fast,
      plan: { kind: 'messages', ticketId: userTickets[0]!, page: 1 },
    },
    {
      group: 'messages',
      name: 'message page 5 of tickets with 150+ messages, admin',
      viewer: 'admin',
      paths: longTickets.map((id) => `/api/messages/${id}?pageNumber=5`),
      ...fast,
      plan: { kind: 'messages', ticketId: longTickets[0]!, page: 5 },
    },
  );
  return cases.filter((c) => !ONLY || ONLY.test(c.name));
}

/** Words of different frequency in the generated messages (see the dataset's vocabulary). */
const searchTerms = (orderNumber: string) => [
  { label: 'common word', term: 'boleto' },
  { label: 'phrase', term: 'não chegou' },
  { label: 'rarer word', term: 'geladeira' },
  { label: 'rare phrase', term: 'email pedro' },
  { label: 'email domain', term: '@gmail' },
  { label: 'contact name', term: 'fernanda' },
  { label: 'order number in one message', term: orderNumber },
  { label: 'found nowhere', term: 'xyzzy' },
];

/**
 * Sequential requests: a warm-up (three requests; a first one slower than a second counts as a
 * sample instead), then until `samples` or `seconds` is reached, with at least three samples.
 */
async function measure(port: number, token: string, c: Case): Promise<number[]> {
  const get = async (p: string) => {
    const t0 = performance.now();
    const res = await fetch(`http://127.0.0.1:${port}${p}`, { headers: { authorization: `Bearer ${token}` } });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${c.name}: GET ${p} answered ${res.status} ${body.slice(0, 200)}`);
    return ms;
  };
  const times: number[] = [];
  const first = await get(c.paths.at(-1)!);
  // A request of seconds gains nothing from warming up: it counts, and saves minutes per case.
  if (first >= 1000) times.push(first);
  else for (let i = 0; i < 2; i++) await get(c.paths.at(-2 - i) ?? c.paths[0]!);
  const deadline = performance.now() + c.seconds * 1000;
  for (let i = 0; i < c.samples && (times.length < 3 || performance.now() < deadline); i++) {
    times.push(await get(c.paths[i % c.paths.length]!));
  }
  process.stderr.write(`inbox-queries: ${c.name}: ${JSON.stringify(stats(times))}\n`);
  return times;
}

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const r = (v: number) => Math.round(v * 10) / 10;
  return {
    n: s.length,
    p50: r(percentile(s, 50)),
    p95: r(percentile(s, 95)),
    p99: r(percentile(s, 99)),
    max: r(s.at(-1)!),
  };
}

// ---------------------------------------------------------------------------------------------
// Plans

interface Recorded {
  sql: string;
  params: unknown[];
}

/**
 * The SQL of each case, as the app's use cases issue it, with EXPLAIN (ANALYZE, BUFFERS) of each
 * statement run again in a tenant transaction (as balcao_app, the company set) that is rolled
 * back. The trigram searches run inside SECURITY DEFINER functions, whose inner plans EXPLAIN
 * does not show: when a search used the set, those are explained separately, as the function's
 * owner runs them. Also answers the steps each search case took.
 */
async function capturePlans(
  open: OpenDataset,
  cases: Case[],
): Promise<{ markdown: string; searchSteps: Map<string, string[]> }> {
  const { measured } = open.ds;
  const app = new pg.Pool({ connectionString: open.url, max: 1, options: '-c role=balcao_app' });
  const recorded: Recorded[] = [];
  const db = drizzle(app, { schema, logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } });
  const searchSteps = new Map<string, string[]>();
  const out: string[] = [
    `# Inbox query plans (${MODE} indexes)`,
    '',
    `Captured ${new Date().toISOString()} by \`BENCH=inbox-queries\`; dataset ${JSON.stringify(open.ds.counts)}.`,
    '',
  ];
  try {
    const actors = {
      admin: await actorOf(open, measured.adminEmail),
      user: await actorOf(open, measured.userEmail),
    };
    const seen = new Set<string>();
    for (const c of cases) {
      const key = JSON.stringify([c.viewer, c.plan]);
      if (c.plan.kind === 'none' || seen.has(key)) continue;
      seen.add(key);
      const actor = actors[c.viewer];
      const ctx = {
        actor,
        deps: { sessions: { local: () => undefined }, log: { warn: () => {} } },
        tenant: (fn: (tx: unknown, events: unknown[]) => Promise<unknown>) =>
          inTenant(db, actor.companyId, (tx) => fn(tx, [])),
      } as unknown as Ctx;
      recorded.length = 0;
      if (c.plan.kind === 'tickets') await listTickets(ctx, ticketListQuery.parse(c.plan.query));
      else if (c.plan.kind === 'messages') await listMessages(ctx, c.plan.ticketId, c.plan.page);
      out.push(`## ${c.name} (${c.viewer})`, '');
      const statements = recorded.filter(
        (r) => /^\s*(select|with|update|insert|delete)\b/i.test(r.sql) && !r.sql.includes('set_config('),
      );
      const steps = stepsOfSearch(statements);
      if (steps.length > 0) {
        searchSteps.set(c.name, steps);
        out.push(`Search steps: ${steps.join(' → ')}`, '');
      }
      for (const stmt of statements) {
        out.push('```sql', stmt.sql, `-- params: ${JSON.stringify(stmt.params)}`, '```', '', '```');
        out.push(...(await explain(app, actor.companyId, stmt)), '```', '');
      }
      if (c.plan.kind === 'tickets' && c.plan.query.searchParam && steps.includes('set')) {
        const search = c.plan.query.searchParam;
        const company = actor.companyId;
        // The functions' queries (migrations 0013 and 0008), with the values they bind.
        for (const [inner, params] of [
          [
            `select distinct ticket_id from messages where message_search_keys(company_id, body) @> message_search_query_keys($1, $2)
               and company_id = $1 and strpos(lower(body), lower($2)) > 0`,
            [company, search],
          ],
          [
            `select id from contacts where company_id = $1 and (lower(name) like $2 or number like $2)`,
            [company, likePattern(search)],
          ],
        ] as const) {
          out.push('Inside the search function, as its owner runs it:', '', '```sql', inner, '```', '', '```');
          const { rows } = await open.owner.query(`explain (analyze, buffers) ${inner}`, [...params]);
          out.push(...rows.map((r) => r['QUERY PLAN'] as string), '```', '');
        }
      }
    }
  } finally {
    await app.end();
  }
  return { markdown: out.join('\n'), searchSteps };
}

/**
 * The steps of the app's search (search-tickets.ts), named from its statements: the first walk
 * is the probe of the newest 100; `whole list` checks whether the walk saw every ticket; `set`
 * is the page from the search functions' set, `set count` the count of a page past its end.
 */
function stepsOfSearch(statements: Recorded[]): string[] {
  const steps: string[] = [];
  for (const { sql } of statements) {
    if (sql.includes('count(*) over ()')) steps.push('set');
    else if (sql.includes('tenant_message_ticket_ids')) steps.push('set count');
    else if (sql.includes('exists (select 1 from "messages"')) steps.push(steps.includes('probe') ? 'walk' : 'probe');
    else if (sql.includes('"head"')) steps.push('whole list');
  }
  return steps;
}

async function explain(app: pg.Pool, companyId: number, stmt: Recorded): Promise<string[]> {
  const client = await app.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
    const { rows } = await client.query(`explain (analyze, buffers) ${stmt.sql}`, stmt.params as unknown[]);
    return rows.map((r) => r['QUERY PLAN'] as string);
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
}

async function actorOf(open: OpenDataset, email: string) {
  const { rows } = await open.owner.query<{ id: number; company_id: number; profile: string }>(
    'select id, company_id, profile from users where email = $1',
    [email],
  );
  const u = rows[0]!;
  return { userId: u.id, companyId: u.company_id, profile: u.profile, super: false, sessionId: 'bench' };
}
