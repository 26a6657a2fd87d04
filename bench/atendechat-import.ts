import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import pg from 'pg';
import pino from 'pino';
import type { ImportView } from '@balcao/contracts';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { ATENDECHAT_DDL } from '../packages/server/test/support/atendechat-schema.ts';
import { withDatabase } from '../packages/server/test/support/database-url.ts';
import { apiCaller, freePort, round, startProduct, stop, waitFor200 } from './lib.ts';

/**
 * Importing a big Atendechat company (issue 34, acceptance 2): one source company with 100,000
 * contacts, 100,000 tickets (one per contact, 10 % tagged) and 1,000,000 messages (10 a ticket,
 * every 50th quoting the one before), its plan, 3 queues, 10 users and a connection. The source is
 * written set-based (INSERT … SELECT over generate_series, not timed) into a second database of the
 * embedded PostgreSQL the product uses; the product runs as `npm start` runs it, and the import
 * goes through its HTTP route as the operator's web starts it, polled until done.
 *
 * Measured: wall time from the POST to `done` (goal ≤ 10 min) and the product's RSS (/proc,
 * every 200 ms) over its baseline after boot and sign-in (goal ≤ +200 MB), the rows stored.
 * Env: ATENDECHAT_BENCH_SCALE (0.001 … 1: contacts, tickets and messages scaled).
 */
const SCALE = Number(process.env.ATENDECHAT_BENCH_SCALE ?? 1);
const CONTACTS = Math.round(100_000 * SCALE);
const MESSAGES_PER_TICKET = 10;
const PASSWORD = 'Bench-pass-1';

/** The source company, in SQL: every big table one INSERT … SELECT. */
async function generateSource(db: pg.Client) {
  const hash = bcrypt.hashSync('senha-antiga', 10);
  const t0 = performance.now();
  await db.query(ATENDECHAT_DDL);
  await db.query(`insert into "Plans" (id, name, users, connections, queues) values (1, 'Plano Bench', 50, 5, 10)`);
  await db.query(
    `insert into "Companies" (id, name, email, "planId") values (1, 'Loja Grande', 'grande@bench.test', 1)`,
  );
  await db.query(`insert into "Queues" (id, name, color, "companyId")
    select i, 'Fila ' || i, '#00aa0' || i, 1 from generate_series(1, 3) i`);
  await db.query(
    `insert into "Whatsapps" (id, name, status, "isDefault", "companyId") values (1, 'Principal', 'CONNECTED', true, 1)`,
  );
  await db.query(
    `insert into "Users" (id, name, email, "passwordHash", profile, "companyId")
    select i, 'Atendente ' || i, 'atendente' || i || '@bench.test', $1, case when i = 1 then 'admin' else 'user' end, 1
      from generate_series(1, 10) i`,
    [hash],
  );
  await db.query(`insert into "UserQueues" ("userId", "queueId") select i, 1 + i % 3 from generate_series(1, 10) i`);
  await db.query(
    `insert into "Tags" (id, name, color, "companyId") select i, 'Tag ' || i, '#123456', 1 from generate_series(1, 5) i`,
  );
  await db.query(
    `insert into "Contacts" (id, name, number, "companyId", "createdAt", "updatedAt")
    select i, 'Cliente ' || i, '55119' || lpad(i::text, 8, '0'), 1, timestamptz '2023-01-01' + i * interval '1 minute',
           timestamptz '2023-01-01' + i * interval '1 minute'
      from generate_series(1, $1::int) i`,
    [CONTACTS],
  );
  await db.query(
    `insert into "Tickets" (id, status, "lastMessage", "contactId", "userId", "whatsappId", "queueId", "companyId", "createdAt", "updatedAt")
    select i, case when i % 20 = 0 then 'open' when i % 33 = 0 then 'pending' else 'closed' end, 'Mensagem', i,
           1 + i % 10, 1, 1 + i % 3, 1, timestamptz '2023-01-01' + i * interval '5 minutes',
           timestamptz '2023-01-01' + i * interval '5 minutes' + interval '1 hour'
      from generate_series(1, $1::int) i`,
    [CONTACTS],
  );
  await db.query(
    `insert into "TicketTags" ("ticketId", "tagId") select i, 1 + i % 5 from generate_series(10, $1::int, 10) i`,
    [CONTACTS],
  );
  await db.query(
    `insert into "Messages" (id, body, ack, read, "mediaType", "fromMe", "quotedMsgId", "ticketId", "contactId", "companyId", "createdAt", "updatedAt")
    select 'BENCH' || i, 'Mensagem número ' || i || ' de uma conversa antiga', 3, true, 'chat', i % 2 = 0,
           case when i % 50 = 0 then 'BENCH' || (i - 1) end, t, t, 1,
           timestamptz '2023-01-01' + t * interval '5 minutes' + (i % ${MESSAGES_PER_TICKET}) * interval '1 second',
           timestamptz '2023-01-01' + t * interval '5 minutes' + (i % ${MESSAGES_PER_TICKET}) * interval '1 second'
      from generate_series(1, $1::int) i, lateral (select (i - 1) / ${MESSAGES_PER_TICKET} + 1 as t) x`,
    [CONTACTS * MESSAGES_PER_TICKET],
  );
  await db.query('analyze');
  return Math.round(performance.now() - t0);
}

async function rssBytes(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) * 1024;
}

export async function benchAtendechatImport() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-atendechat-'));
  const pgServer = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
  let child: ReturnType<typeof startProduct> | undefined;
  try {
    const admin = new pg.Client({ connectionString: pgServer.url });
    await admin.connect();
    await admin.query('create database atendechat');
    await admin.end();
    const sourceUrl = withDatabase(pgServer.url, 'atendechat');
    const source = new pg.Client({ connectionString: sourceUrl });
    await source.connect();
    const generationMs = await generateSource(source).finally(() => source.end());

    const port = await freePort();
    child = startProduct({
      DATABASE_URL: pgServer.url,
      DATA_DIR: path.join(dir, 'app'),
      PORT: String(port),
      ADMIN_PASSWORD: PASSWORD,
    });
    const base = `http://127.0.0.1:${port}`;
    await waitFor200(`${base}/api/plans/list`, 120_000);
    const call = apiCaller(base);
    // Signed in again when the access token expires (its lifetime is shorter than the import).
    let token = '';
    const signIn = async () =>
      (token = (
        (await call('POST', '/api/auth/login', { email: 'admin@balcao.local', password: PASSWORD })) as {
          token: string;
        }
      ).token);
    await signIn();
    // Baseline: the product up, signed in, idle for a moment.
    await new Promise((r) => setTimeout(r, 3000));
    const pid = child.pid!;
    const baseline = await rssBytes(pid);
    let peak = baseline;
    const sampler = setInterval(() => {
      rssBytes(pid).then(
        (v) => (peak = Math.max(peak, v)),
        () => undefined,
      );
    }, 200);
    const loadAtStart = os.loadavg();
    const t0 = performance.now();
    const { id } = (await call(
      'POST',
      '/api/imports/atendechat',
      { databaseUrl: sourceUrl, dryRun: false },
      token,
    )) as {
      id: string;
    };
    // When each big table's first rows were counted (the import goes contacts, tickets, messages).
    const phases: Record<string, number> = {};
    let view: ImportView;
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      view = (await call('GET', `/api/imports/${id}`, undefined, token).catch(async () =>
        call('GET', `/api/imports/${id}`, undefined, await signIn()),
      )) as ImportView;
      for (const k of ['contacts', 'tickets', 'messages'] as const) {
        if (view.report[k] > 0 && phases[k] === undefined) phases[k] = Math.round(performance.now() - t0);
      }
      if (view.status !== 'running') break;
    }
    const ms = Math.round(performance.now() - t0);
    clearInterval(sampler);
    const loadAtEnd = os.loadavg();

    const db = new pg.Client({ connectionString: pgServer.url });
    await db.connect();
    const stored = (
      await db.query(`select (select count(*) from contacts c join companies co on co.id = c.company_id where co.name = 'Loja Grande')::int as contacts,
        (select count(*) from tickets t join companies co on co.id = t.company_id where co.name = 'Loja Grande')::int as tickets,
        (select count(*) from messages m join companies co on co.id = m.company_id where co.name = 'Loja Grande')::int as messages`)
    ).rows[0] as Record<string, number>;
    await db.end();
    const { perCompany: _, ...report } = view.report;
    return {
      name: 'atendechat-import',
      goal: { ms: 600_000, rssGrowthMB: 200 },
      source: { contacts: CONTACTS, tickets: CONTACTS, messages: CONTACTS * MESSAGES_PER_TICKET, generationMs },
      status: view.status,
      ms,
      minutes: round(ms / 60_000),
      firstCountedAtMs: phases,
      messagesPerSecond: Math.round((report.messages / ms) * 1000),
      rss: {
        baselineMB: Math.round(baseline / 1e6),
        peakMB: Math.round(peak / 1e6),
        growthMB: Math.round((peak - baseline) / 1e6),
      },
      report,
      problems: view.errors.length,
      firstProblems: view.errors.slice(0, 5),
      stored,
      machine: {
        cpus: os.cpus().length,
        loadAvgAtStart: loadAtStart.map((v) => round(v)),
        loadAvgAtEnd: loadAtEnd.map((v) => round(v)),
      },
    };
  } finally {
    if (child) await stop(child);
    await pgServer.stop();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
