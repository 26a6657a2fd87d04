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
 * INBOX_BENCH_INDEXES: `as-migrated` (default: the indexes of the migrations only; the bench's own
 * `bench_*` indexes are dropped) or `proposed` (the indexes in PROPOSED_INDEXES are created first,
 * and the proposed search, P3 of docs/bench/inbox-plans.md, is timed in the database).
 * INBOX_BENCH_SAMPLES (200) and INBOX_BENCH_SEARCH_SECONDS (20) bound each case;
 * INBOX_BENCH_CASES (a regular expression) keeps only the cases whose name matches.
 */
const MODE = process.env.INBOX_BENCH_INDEXES === 'proposed' ? 'proposed' : 'as-migrated';
const SAMPLES = Number(process.env.INBOX_BENCH_SAMPLES ?? 200);
const SEARCH_SECONDS = Number(process.env.INBOX_BENCH_SEARCH_SECONDS ?? 20);
/**
 * Only the cases whose name matches (e.g. `open|message`; `^proposed` keeps only the proposed
 * search, timed in the database), for a quick look at a few.
 */
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
    const { cases, orderNumber } = await buildCases(open);

    const results = [];
    for (const c of cases) {
      // A fresh access token per case (a refresh, cheap): slow cases outlive a token's 15 minutes.
      const [token] = await signInAll(open, port, [emails[c.viewer]]);
      const times = await measure(port, token!, c);
      results.push({ group: c.group, name: c.name, viewer: c.viewer, ...stats(times) });
    }

    const proposedSearch = MODE === 'proposed' ? await measureProposedSearch(open, orderNumber) : undefined;

    const plansFile = path.join(open.dir, `plans-${MODE}.md`);
    await fs.writeFile(plansFile, await capturePlans(open, cases, orderNumber));

    const goals = { baseline: Infinity, 'tickets-open': 30, search: 200, messages: 20 } as const;
    return {
      name: 'inbox-queries',
      machine: { cpus: os.cpus().length, loadAvg1m: Math.round(os.loadavg()[0]! * 100) / 100 },
      note: 'Shared 2-core machine with other work running: figures are upper bounds; rerun quietly.',
      indexes: { mode: MODE, created: indexes },
      dataset: { ...open.ds.counts, measuredCompanyTickets: await countTickets(open) },
      goalsP95Ms: { 'tickets-open': goals['tickets-open'], search: goals.search, messages: goals.messages },
      results: results.map((r) => (r.group === 'baseline' ? r : { ...r, meetsGoal: r.p95 <= goals[r.group] })),
      ...(proposedSearch && {
        proposedSearchDatabaseOnly: {
          note: `P3 of docs/bench/inbox-plans.md, timed in the database (not through HTTP: the app still runs its own search): the newest ${PROBE} tickets in scope checked one by one, further (up to ${MAX_WALK}) when their hits say the page fills by then, else the matching set with its count. The page's joins (a few ms) are not included.`,
          results: proposedSearch,
        },
      }),
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

async function buildCases(open: OpenDataset): Promise<{ cases: Case[]; orderNumber: string }> {
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
  for (const { label, term } of searchTerms(orderNumber)) {
    for (const viewer of ['admin', 'user'] as const) {
      const query: Record<string, string> = {
        searchParam: term,
        pageNumber: '1',
        ...(viewer === 'admin' ? { showAll: 'true' } : {}),
      };
      cases.push({
        group: 'search',
        name: `search ${label} "${term}"${viewer === 'admin' ? ', show all' : ', own queues'}`,
        viewer,
        paths: [q(query)],
        samples: 30,
        seconds: SEARCH_SECONDS,
        plan: { kind: 'tickets', query },
      });
    }
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
  return { cases: cases.filter((c) => !ONLY || ONLY.test(c.name)), orderNumber };
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
// The proposed search (P3), database only

/** The first walk: the newest tickets in scope, checked one by one. */
const PROBE = 100;
/** A walk that would have to go further than this many tickets uses the matching set instead. */
const MAX_WALK = 1_500;

interface Scope {
  companyId: number;
  /** Set for the plain user (their queues, or assigned to them); absent for show-all. */
  userId?: number;
  queueIds?: number[];
}

/**
 * P3. The newest tickets in scope are checked one by one for a matching contact or message (a
 * message through the ticket's own (company, ticket) index range), stopping at the page: a
 * frequent term fills it within a few dozen tickets. How many of the first PROBE matched says how
 * far a walk would have to go; when that is too far (a rare term), the page comes from the set of
 * matching tickets the trigram functions return, driven from that set (a semi-join, then the
 * page's sort) rather than by walking every ticket of the company, with its exact count from the
 * same pass. A walked page has no exact count.
 */
function proposedSql(scope: Scope, pattern: string) {
  const params: unknown[] = [pattern, scope.companyId];
  let where = 't.company_id = $2';
  if (scope.userId !== undefined) {
    params.push(scope.userId, scope.queueIds);
    where += ' and (t.user_id = $3 or t.queue_id = any($4::int[]))';
  }
  return {
    params,
    walk: (skip: number, take: number) =>
      `select w.id from (select t.id, t.updated_at, t.contact_id from tickets t where ${where}
                          order by t.updated_at desc, t.id desc offset ${skip} limit ${take}) w
        where w.contact_id in (select tenant_contact_ids($1))
           or exists (select 1 from messages m where m.ticket_id = w.id and lower(m.body) like $1)
        order by w.updated_at desc, w.id desc limit 41`,
    set: `select t.id, count(*) over () as total from tickets t
           where ${where} and t.id in (select tenant_message_ticket_ids($1)
                                       union select c.id from tickets c where c.contact_id in (select tenant_contact_ids($1)))
           order by t.updated_at desc, t.id desc limit 41`,
  };
}

/** How far the walk goes after the probe found `hits` of 41, or undefined when too far. */
function reach(hits: number) {
  if (hits === 0) return undefined;
  const tickets = Math.ceil(((PROBE * 41) / hits) * 1.5);
  return tickets <= MAX_WALK ? tickets : undefined;
}

async function proposedSearch(client: pg.PoolClient, scope: Scope, pattern: string) {
  const sql = proposedSql(scope, pattern);
  const probe = await client.query(sql.walk(0, PROBE), sql.params);
  if (probe.rows.length === 41) return { strategy: 'walk', walked: PROBE, found: 41 };
  const further = reach(probe.rows.length);
  if (further !== undefined) {
    const more = await client.query(sql.walk(PROBE, further - PROBE), sql.params);
    if (probe.rows.length + more.rows.length >= 41) return { strategy: 'walk', walked: further, found: 41 };
  }
  const set = await client.query(sql.set, sql.params);
  return {
    strategy: 'set',
    probeHits: probe.rows.length,
    found: set.rows.length,
    count: Number(set.rows[0]?.total ?? 0),
  };
}

async function proposedScopes(open: OpenDataset): Promise<Record<'admin' | 'user', Scope>> {
  const { measured } = open.ds;
  const user = await actorOf(open, measured.userEmail);
  return {
    admin: { companyId: measured.companyId },
    user: { companyId: measured.companyId, userId: user.userId, queueIds: measured.userQueueIds },
  };
}

const likeOf = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

async function measureProposedSearch(open: OpenDataset, orderNumber: string) {
  const { measured } = open.ds;
  const scopes = await proposedScopes(open);
  const app = new pg.Pool({ connectionString: open.url, max: 1, options: '-c role=balcao_app' });
  const results = [];
  try {
    for (const { label, term } of searchTerms(orderNumber)) {
      const pattern = likeOf(term);
      for (const viewer of ['admin', 'user'] as const) {
        const name = `proposed search ${label} "${term}"${viewer === 'admin' ? ', show all' : ', own queues'}`;
        if (ONLY && !ONLY.test(name)) continue;
        const times: number[] = [];
        let outcome: Awaited<ReturnType<typeof proposedSearch>> | undefined;
        const deadline = performance.now() + SEARCH_SECONDS * 1000;
        // The first run warms up and is not counted.
        for (let i = 0; i < 21 && (times.length < 3 || performance.now() < deadline); i++) {
          const client = await app.connect();
          try {
            const t0 = performance.now();
            await client.query('begin');
            await client.query(`select set_config('app.company_id', $1, true)`, [String(measured.companyId)]);
            outcome = await proposedSearch(client, scopes[viewer], pattern);
            await client.query('commit');
            if (i > 0) times.push(performance.now() - t0);
          } finally {
            client.release();
          }
        }
        const r = { name, viewer, ...outcome, ...stats(times) };
        process.stderr.write(`inbox-queries: proposed ${JSON.stringify(r)}\n`);
        results.push({ ...r, meetsGoal: r.p95 <= 200 });
      }
    }
  } finally {
    await app.end();
  }
  return results;
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
 * does not show: those are explained separately, as the function's owner runs them.
 */
async function capturePlans(open: OpenDataset, cases: Case[], orderNumber?: string): Promise<string> {
  const { measured } = open.ds;
  const app = new pg.Pool({ connectionString: open.url, max: 1, options: '-c role=balcao_app' });
  const recorded: Recorded[] = [];
  const db = drizzle(app, { schema, logger: { logQuery: (sql, params) => recorded.push({ sql, params }) } });
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
      for (const stmt of recorded.filter(
        (r) => /^\s*(select|with|update|insert|delete)\b/i.test(r.sql) && !r.sql.includes('set_config('),
      )) {
        out.push('```sql', stmt.sql, `-- params: ${JSON.stringify(stmt.params)}`, '```', '', '```');
        out.push(...(await explain(app, actor.companyId, stmt)), '```', '');
      }
      if (c.plan.kind === 'tickets' && c.plan.query.searchParam) {
        const pattern = likeOf(c.plan.query.searchParam);
        for (const inner of [
          `select distinct ticket_id from messages where company_id = $1 and lower(body) like $2`,
          `select id from contacts where company_id = $1 and (lower(name) like $2 or number like $2)`,
        ]) {
          out.push('Inside the search function, as its owner runs it:', '', '```sql', inner, '```', '', '```');
          const { rows } = await open.owner.query(`explain (analyze, buffers) ${inner}`, [actor.companyId, pattern]);
          out.push(...rows.map((r) => r['QUERY PLAN'] as string), '```', '');
        }
      }
    }
    if (MODE === 'proposed' && orderNumber) {
      out.push('## Proposed search (P3), as balcao_app in the tenant', '');
      const scopes = await proposedScopes(open);
      for (const { label, term } of searchTerms(orderNumber)) {
        for (const viewer of ['admin', 'user'] as const) {
          const sql = proposedSql(scopes[viewer], likeOf(term));
          out.push(`### ${label} "${term}" (${viewer === 'admin' ? 'show all' : 'own queues'})`, '');
          // The probe, then (when its hits say so) the longer walk, then the set: as the search runs.
          const steps = [{ name: 'probe', sql: sql.walk(0, PROBE) }];
          const hits = await explainRows(app, measured.companyId, steps[0]!.sql, sql.params);
          let filled = hits === 41;
          const further = filled ? undefined : reach(hits);
          if (further !== undefined) {
            const walk = sql.walk(PROBE, further - PROBE);
            steps.push({ name: 'walk', sql: walk });
            filled = hits + (await explainRows(app, measured.companyId, walk, sql.params)) >= 41;
          }
          if (!filled) steps.push({ name: 'set', sql: sql.set });
          for (const step of steps) {
            const stmt = { sql: step.sql, params: sql.params };
            const plan = await explain(app, measured.companyId, stmt);
            out.push(
              `${step.name}:`,
              '',
              '```sql',
              stmt.sql,
              `-- params: ${JSON.stringify(stmt.params)}`,
              '```',
              '',
              '```',
              ...plan,
              '```',
              '',
            );
          }
        }
      }
    }
  } finally {
    await app.end();
  }
  return out.join('\n');
}

/** Rows a statement returns in the tenant (rolled back). */
async function explainRows(app: pg.Pool, companyId: number, sql: string, params: unknown[]) {
  const client = await app.connect();
  try {
    await client.query('begin');
    await client.query(`select set_config('app.company_id', $1, true)`, [String(companyId)]);
    return (await client.query(sql, params)).rows.length;
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
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
