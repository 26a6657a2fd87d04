import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import {
  benchCompany,
  cloudDelivery,
  freePort,
  insertCloudConnection,
  startProduct,
  stats,
  stop,
  waitFor200,
  withDb,
} from './lib.ts';
import { postDelivery, serverCpu } from './cloud-webhook.ts';

/**
 * The inbound benchmark's shape (issue 31, `CLOUD_BENCH_MODE=closed`): signed Cloud API
 * deliveries of ONE message each from CUSTOMERS customers per connection, a closed loop of
 * INFLIGHT workers (each posts its next delivery as soon as its previous one is answered), spread
 * over CONNECTIONS Cloud connections of one process (each in its own company unless
 * CLOUD_BENCH_COMPANIES says fewer). At KILL_AT seconds the server is killed (-9) and started
 * again on the same data; a worker whose delivery was not answered waits for the server to answer
 * again, then goes on. At SECONDS the workers stop, what was never answered 200 is delivered again
 * (as Meta does), and every message is counted in the database: lost (sent, never stored) and
 * doubled (stored more than once).
 *
 * `messagesPerSecond` is every message stored over the whole run, the kill and the restart
 * included (the first delivery to the last answer of the redelivery); `steady` leaves out the
 * seconds the server was down.
 * Env: CLOUD_BENCH_CONNECTIONS (1), CLOUD_BENCH_COMPANIES (= connections), CLOUD_BENCH_INFLIGHT (64),
 * CLOUD_BENCH_CUSTOMERS (1000), CLOUD_BENCH_SECONDS (60), CLOUD_BENCH_KILL_AT (30; 0: no kill, and the
 * CPU time per message is reported), CLOUD_BENCH_PROFILE (below). For the server's own profile:
 * BENCH_NODE_ARGS='--cpu-prof --cpu-prof-dir=DIR' (bench/lib.ts).
 */
const CONNECTIONS = Number(process.env.CLOUD_BENCH_CONNECTIONS ?? 1);
const COMPANIES = Math.min(CONNECTIONS, Number(process.env.CLOUD_BENCH_COMPANIES ?? CONNECTIONS));
const INFLIGHT = Number(process.env.CLOUD_BENCH_INFLIGHT ?? 64);
const CUSTOMERS = Number(process.env.CLOUD_BENCH_CUSTOMERS ?? 1000);
const SECONDS = Number(process.env.CLOUD_BENCH_SECONDS ?? 60);
const KILL_AT = Number(process.env.CLOUD_BENCH_KILL_AT ?? 30);
/** CLOUD_BENCH_PROFILE=1: PostgreSQL's time per statement (pg_stat_statements), planning included. */
const PROFILE = process.env.CLOUD_BENCH_PROFILE === '1';

/** Seconds the server is left idle before the run, to measure what it spends without messages. */
const IDLE_SECONDS = 5;

type Cpu = { server: number; postgres: number };

/** CPU ms per message once the idle rate (IDLE_SECONDS before the run) is taken out for the run's length. */
function overIdle(idle0: Cpu, cpu0: Cpu, cpu1: Cpu, seconds: number, stored: number) {
  const per = (k: keyof Cpu) => {
    const idle = ((cpu0[k] - idle0[k]) / IDLE_SECONDS) * seconds;
    return Math.round((1e6 * (cpu1[k] - cpu0[k] - idle)) / stored) / 1000;
  };
  return {
    idleMsPerSecond: {
      server: Math.round((1000 * (cpu0.server - idle0.server)) / IDLE_SECONDS),
      postgres: Math.round((1000 * (cpu0.postgres - idle0.postgres)) / IDLE_SECONDS),
    },
    serverOverIdle: per('server'),
    postgresOverIdle: per('postgres'),
  };
}

interface Conn {
  id: number;
  phoneNumberId: string;
  appSecret: string;
}

interface Answer {
  status: number;
  ms: number;
  /** performance.now() at the answer. */
  at: number;
}

export async function benchCloudClosed() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-closed-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = { DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'Bench-pass-1' };
  let child: ChildProcess = startProduct(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: INFLIGHT });
  const load0 = os.loadavg()[0]!;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const companies = [];
    for (let c = 0; c < COMPANIES; c++) companies.push(await benchCompany(base, `Closed bench ${c}`));
    const conns: Conn[] = [];
    for (let k = 0; k < CONNECTIONS; k++)
      conns.push(await insertCloudConnection(dataDir, companies[k % COMPANIES]!.companyId));

    if (PROFILE) child = await withStatementStats(child, env, dataDir);
    const runId = Date.now().toString(36);
    const seqs = conns.map(() => 0);
    const answers: Answer[] = [];
    const unanswered: { conn: Conn; body: string }[] = [];
    let serverUp: Promise<void> = Promise.resolve();
    // The CPU both processes spend idle (sweeps, job polling, statistics): a slow run on a busy
    // machine divides it by fewer messages, so it is measured here and left out of the figure.
    const idle0 = KILL_AT > 0 ? undefined : await serverCpu(child.pid!, dataDir);
    if (idle0) await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const cpu0 = await serverCpu(child.pid!, dataDir);
    const start = performance.now();
    const end = start + SECONDS * 1000;
    let down = { from: 0, to: 0 };

    const worker = async (w: number) => {
      const conn = conns[w % CONNECTIONS]!;
      const k = w % CONNECTIONS;
      while (performance.now() < end) {
        const n = seqs[k]!++;
        const body = delivery(conn, runId, k, n);
        const t0 = performance.now();
        const { status } = await post(base, agent, conn, body);
        const at = performance.now();
        answers.push({ status, ms: at - t0, at });
        if (status !== 200) {
          unanswered.push({ conn, body });
          await serverUp;
        }
      }
    };
    const killer = async () => {
      if (KILL_AT <= 0) return;
      await new Promise((r) => setTimeout(r, KILL_AT * 1000));
      let up!: () => void;
      serverUp = new Promise((r) => (up = r));
      down = { from: performance.now(), to: 0 };
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      child = startProduct(env);
      await waitFor200(`${base}/api/plans/list`, 120_000);
      down.to = performance.now();
      up();
    };
    const cpuAtKill = KILL_AT > 0 ? undefined : cpu0;
    await Promise.all([killer(), ...Array.from({ length: INFLIGHT }, (_, w) => worker(w))]);
    const driveEnd = performance.now();

    // Meta's redelivery of what was not answered 200, as many in flight as before.
    let redeliveredOk = 0;
    const queue = [...unanswered];
    await Promise.all(
      Array.from({ length: INFLIGHT }, async () => {
        for (let d = queue.shift(); d; d = queue.shift()) {
          if ((await post(base, agent, d.conn, d.body)).status === 200) redeliveredOk++;
          else queue.push(d);
        }
      }),
    );
    const last = performance.now();
    const cpu1 = await serverCpu(child.pid!, dataDir);

    const counted = await count(dataDir, conns, runId, seqs);
    const statements = PROFILE ? await topStatements(dataDir, counted.stored) : undefined;
    const ok = answers.filter((a) => a.status === 200);
    const downMs = down.to - down.from;
    const seconds = (last - start) / 1000;
    const round = (v: number) => Math.round(v);
    const before = ok.filter((a) => down.from === 0 || a.at < down.from);
    const after = ok.filter((a) => down.to > 0 && a.at >= down.to && a.at <= driveEnd);
    return {
      name: 'cloud-webhook-closed',
      shape: { connections: CONNECTIONS, companies: COMPANIES, inFlight: INFLIGHT, customers: CUSTOMERS },
      machine: { cpus: os.cpus().length, loadAvg1m: { start: load0, end: os.loadavg()[0] } },
      goals: { messagesPerSecond: CONNECTIONS > 1 ? 2000 : 1000, p99Ms: 200, lost: 0, doubled: 0 },
      messagesPerSecond: round(counted.stored / seconds),
      steadyMessagesPerSecond: round(counted.stored / (seconds - downMs / 1000)),
      seconds: Math.round(seconds * 10) / 10,
      answerMs: stats(ok.map((a) => a.ms)),
      beforeKill: before.length
        ? { messagesPerSecond: round(before.length / ((Math.min(down.from || driveEnd, driveEnd) - start) / 1000)) }
        : null,
      afterRestart: after.length
        ? {
            messagesPerSecond: round(after.length / ((driveEnd - down.to) / 1000)),
            answerMs: stats(after.map((a) => a.ms)),
          }
        : null,
      kill: KILL_AT > 0 ? { atSeconds: KILL_AT, restartToFirst200Ms: round(downMs) } : null,
      deliveries: answers.length,
      notAnswered200: unanswered.length,
      redeliveredAnswered200: redeliveredOk,
      sent: counted.sent,
      stored: counted.stored,
      lost: counted.lost,
      doubled: counted.doubled,
      cpuMsPerMessage:
        cpuAtKill === undefined
          ? 'server killed mid-run: see a run with CLOUD_BENCH_KILL_AT=0'
          : {
              server: Math.round((1e6 * (cpu1.server - cpu0.server)) / counted.stored) / 1000,
              postgres: Math.round((1e6 * (cpu1.postgres - cpu0.postgres)) / counted.stored) / 1000,
              ...overIdle(idle0!, cpu0, cpu1, seconds, counted.stored),
            },
      ...(statements ? { statements } : {}),
    };
  } finally {
    agent.destroy();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const externalId = (runId: string, k: number, n: number) => `wamid.closed.${runId}.${k}.${n}`;

/** One customer's text, one message a delivery; customers are visited in a spread order. */
function delivery(conn: Conn, runId: string, k: number, n: number): string {
  const from = `5511${String(900_000_000 + ((n * 7919) % CUSTOMERS)).padStart(9, '0')}`;
  const id = externalId(runId, k, n);
  return JSON.stringify(
    cloudDelivery(conn.phoneNumberId, [{ from, name: `Cliente ${from.slice(-4)}`, id, body: `Mensagem ${n}` }]),
  );
}

const post = (base: string, agent: http.Agent, conn: Conn, body: string) =>
  postDelivery(`${base}/api/webhooks/whatsapp/${conn.id}`, conn.appSecret, agent, body);

/** Every message sent, counted in the database: stored, lost (never stored), doubled (stored again). */
async function count(dataDir: string, conns: Conn[], runId: string, seqs: number[]) {
  const rows = await withDb(dataDir, async (db) => {
    const { rows } = await db.query<{ external_id: string; n: string }>(
      `select external_id, count(*) as n from messages
       where whatsapp_id = any($1) and external_id like $2 group by external_id`,
      [conns.map((c) => c.id), `wamid.closed.${runId}.%`],
    );
    return new Map(rows.map((r) => [r.external_id, Number(r.n)]));
  });
  let sent = 0;
  let lost = 0;
  let doubled = 0;
  seqs.forEach((total, k) => {
    for (let n = 0; n < total; n++) {
      sent++;
      const times = rows.get(externalId(runId, k, n)) ?? 0;
      if (times === 0) lost++;
      else doubled += times - 1;
    }
  });
  return { sent, stored: sent - lost, lost, doubled };
}

/** Restarts the product with pg_stat_statements loaded (planning timed too), its counters empty. */
async function withStatementStats(child: ChildProcess, env: Record<string, string>, dataDir: string) {
  await withDb(dataDir, async (db) => {
    await db.query(`alter system set shared_preload_libraries = 'pg_stat_statements'`);
    await db.query(`alter system set pg_stat_statements.track_planning = on`);
  });
  await stop(child);
  const next = startProduct(env);
  await waitFor200(`http://127.0.0.1:${env.PORT}/api/plans/list`);
  await withDb(dataDir, async (db) => {
    await db.query('create extension if not exists pg_stat_statements');
    await db.query('select pg_stat_statements_reset()');
  });
  return next;
}

/** The statements PostgreSQL spent most time on, in ms per stored message (execution and planning). */
function topStatements(dataDir: string, messages: number) {
  return withDb(dataDir, async (db) => {
    const { rows } = await db.query<Record<string, string | number>>(
      `select calls, round((total_exec_time / $1)::numeric, 4) as exec_ms_per_message,
         round((total_plan_time / $1)::numeric, 4) as plan_ms_per_message, plans,
         round(mean_exec_time::numeric, 3) as mean_exec_ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 160) as query
       from pg_stat_statements order by total_exec_time + total_plan_time desc limit 15`,
      [Math.max(1, messages)],
    );
    const { rows: sum } = await db.query(
      `select round((sum(total_exec_time) / $1)::numeric, 4) as exec_ms, round((sum(total_plan_time) / $1)::numeric, 4) as plan_ms
       from pg_stat_statements`,
      [Math.max(1, messages)],
    );
    return { perMessage: sum[0], top: rows };
  });
}
