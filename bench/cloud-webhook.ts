import { createHmac, randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { cloudDelivery, freePort, percentile, startProduct, stop, waitFor200, withDb } from './lib.ts';

/**
 * Inbound throughput through the signed Cloud API webhook into stored messages, one server
 * process (as `npm start` runs it) with its embedded PostgreSQL, driven from this process over
 * 127.0.0.1. Goals (issue 3): ≥ 1,000 messages/s sustained for 60 s, webhook answer p99 ≤ 200 ms
 * at that rate; after `kill -9` of the server mid-run and a restart on the same data, 0 messages
 * answered 200 but not stored, and 0 stored twice.
 *
 * Phases: (1) unpaced, to find what the server sustains; (2) the target rate for 60 s in
 * deliveries of several messages (as Meta batches them); (3) when the target is out of reach,
 * 80 % of the sustained rate, for the answer times of a server that keeps up; (4) single-message
 * deliveries at the target rate; (5) the crash test at a rate the server keeps up with: kill -9
 * a third into the run, restart on the same data while the driver keeps delivering, deliver
 * again what was not answered 200 (as Meta does), then compare.
 * Each phase also reports the CPU time per stored message of the server, its PostgreSQL and this
 * driver, which says what the machine would do if the bench had it to itself.
 * CLOUD_BENCH_QUEUES > 0 links that many queues to the connection, so the chatbot has a say on
 * every message (a menu for each new ticket, a repeat or silence after): its turns and the
 * replies, sent to a minimal Graph API answerer in this process, share the machine with the inbox.
 * Env: CLOUD_BENCH_RATE (messages/s, 1000), CLOUD_BENCH_SECONDS (60), CLOUD_BENCH_BATCH (10),
 * CLOUD_BENCH_SINGLE_SECONDS (30), CLOUD_BENCH_MAX_SECONDS (15), CLOUD_BENCH_CRASH_SECONDS (30),
 * CLOUD_BENCH_QUEUES (0). CLOUD_BENCH_MODE=closed: the closed-loop shape instead (cloud-closed.ts).
 */
const RATE = Number(process.env.CLOUD_BENCH_RATE ?? 1000);
const SECONDS = Number(process.env.CLOUD_BENCH_SECONDS ?? 60);
const BATCH = Number(process.env.CLOUD_BENCH_BATCH ?? 10);
const SINGLE_SECONDS = Number(process.env.CLOUD_BENCH_SINGLE_SECONDS ?? 30);
const MAX_SECONDS = Number(process.env.CLOUD_BENCH_MAX_SECONDS ?? 15);
const CRASH_SECONDS = Number(process.env.CLOUD_BENCH_CRASH_SECONDS ?? 30);
const QUEUES = Number(process.env.CLOUD_BENCH_QUEUES ?? 0);
const MAX_IN_FLIGHT = 256;
const CUSTOMERS = 2_000;

interface Target {
  port: number;
  connectionId: number;
  phoneNumberId: string;
  appSecret: string;
}

interface Sent {
  ids: string[];
  body: string;
  status: number;
  ms: number;
}

type Run = Awaited<ReturnType<typeof drive>>;

export async function benchCloudWebhook() {
  // The inbound benchmark's closed-loop shape with its kill -9 (cloud-closed.ts).
  if (process.env.CLOUD_BENCH_MODE === 'closed') return (await import('./cloud-closed.ts')).benchCloudClosed();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-cloud-'));
  const port = await freePort();
  const graph = QUEUES > 0 ? await graphAnswerer() : undefined;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: graph?.url ?? 'http://127.0.0.1:9',
  };
  let child: ChildProcess = startProduct(env);
  const agent = new http.Agent({ keepAlive: true, maxSockets: MAX_IN_FLIGHT });
  const loadAtStart = os.loadavg()[0]!;
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/plans/list`);
    const target = await setup(port, dataDir);
    const runId = randomBytes(4).toString('hex');
    const phase = async (name: string, opts: Omit<Parameters<typeof drive>[2], 'runId'>, batch: number) => {
      const before = await serverCpu(child.pid!, dataDir);
      const driver0 = process.cpuUsage();
      const load0 = os.loadavg()[0]!;
      const run = await drive(target, agent, { ...opts, runId: `${runId}${name}` });
      const after = await serverCpu(child.pid!, dataDir);
      const driver = process.cpuUsage(driver0);
      const result = summary(run, batch);
      const n = Math.max(1, result.messagesStored);
      return {
        run,
        result: {
          ...result,
          cpuMsPerMessage: {
            server: round3((1000 * (after.server - before.server)) / n),
            postgres: round3((1000 * (after.postgres - before.postgres)) / n),
            driver: round3((driver.user + driver.system) / 1000 / n),
          },
          loadAvg1m: { start: round3(load0), end: round3(os.loadavg()[0]!) },
        },
      };
    };

    const unpaced = await phase('m', { rate: 0, seconds: MAX_SECONDS, batch: BATCH, concurrency: 16 }, BATCH);
    const sustained = unpaced.result.messagesPerSecond;
    const batched = await phase('b', { rate: RATE, seconds: SECONDS, batch: BATCH }, BATCH);
    const keepUpRate = Math.max(BATCH, Math.floor(Math.min(RATE, sustained * 0.8)));
    const keepingUp =
      sustained < RATE ? await phase('k', { rate: keepUpRate, seconds: 20, batch: BATCH }, BATCH) : undefined;
    const single = await phase('s', { rate: RATE, seconds: SINGLE_SECONDS, batch: 1 }, 1);

    // Crash test: kill -9 a third into the run, restart on the same data, keep delivering throughout.
    let restarted!: () => void;
    const restartDone = new Promise<void>((r) => (restarted = r));
    const crashRun = drive(target, agent, {
      rate: keepUpRate,
      seconds: CRASH_SECONDS,
      batch: BATCH,
      runId: `${runId}c`,
      // Deliveries go on until 5 s after the restarted server answers.
      until: restartDone.then(() => new Promise((r) => setTimeout(r, 5_000))),
    });
    await new Promise((r) => setTimeout(r, (CRASH_SECONDS * 1000) / 3));
    const killedAt = performance.now();
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    child = startProduct(env);
    await waitFor200(`http://127.0.0.1:${port}/api/plans/list`, 120_000);
    const restartMs = performance.now() - killedAt;
    restarted();
    const crash = await crashRun;

    const answered = crash.sent.filter((s) => s.status === 200);
    const unanswered = crash.sent.filter((s) => s.status !== 200);
    const crashIds = crash.sent.flatMap((s) => s.ids);
    const storedIds = await storedAmong(dataDir, target, crashIds);
    const answeredNotStored = answered.flatMap((s) => s.ids).filter((id) => !storedIds.has(id)).length;
    // As Meta does: deliver again what was not answered 200; everything must then be stored once.
    let redeliveredOk = 0;
    for (const s of unanswered) if ((await post(target, agent, s.body)).status === 200) redeliveredOk++;
    const afterRedelivery = await storedAmong(dataDir, target, crashIds);
    const duplicates = await duplicateCount(dataDir, target);
    const all = [unpaced.run, batched.run, keepingUp?.run, single.run].filter((r): r is Run => !!r);
    const allAnswered = all.flatMap((r) => r.sent.filter((s) => s.status === 200).flatMap((s) => s.ids));
    const storedBeforeCrash = await storedAmong(dataDir, target, allAnswered);

    return {
      name: 'cloud-webhook-inbound',
      chatbotQueues: QUEUES,
      machine: { cpus: os.cpus().length, loadAvg1mAtStart: round3(loadAtStart) },
      goals: { messagesPerSecond: 1000, sustainedSeconds: 60, p99Ms: 200, answeredNotStored: 0, storedTwice: 0 },
      unpacedSustained: unpaced.result,
      batchedAtTarget: batched.result,
      batchedAt80PercentOfSustained: keepingUp?.result ?? 'target within reach: see batchedAtTarget',
      singleAtTarget: single.result,
      beforeCrash: {
        messagesAnswered200: allAnswered.length,
        answeredButNotStored: allAnswered.length - storedBeforeCrash.size,
      },
      crash: {
        ratePerSecond: keepUpRate,
        killedAfterSeconds: Math.round(CRASH_SECONDS / 3),
        restartToFirst200Ms: Math.round(restartMs),
        deliveries: crash.sent.length,
        answered200: answered.length,
        notAnswered: unanswered.length,
        messagesAnswered200: answered.reduce((n, s) => n + s.ids.length, 0),
        answeredButNotStored: answeredNotStored,
        redeliveredAnswered200: redeliveredOk,
        missingAfterRedelivery: crashIds.length - afterRedelivery.size,
        storedTwice: duplicates,
      },
    };
  } finally {
    agent.destroy();
    graph?.close();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const round3 = (v: number) => Math.round(v * 1000) / 1000;

export function summary(run: Awaited<ReturnType<typeof drive>>, batch: number) {
  const ok = run.sent.filter((s) => s.status === 200);
  const times = ok.map((s) => s.ms).sort((a, b) => a - b);
  const messages = ok.reduce((n, s) => n + s.ids.length, 0);
  const round = (v: number) => Math.round(v * 10) / 10;
  return {
    messagesPerDelivery: batch,
    targetMessagesPerSecond: run.rate || 'unpaced',
    seconds: round(run.seconds),
    deliveries: run.sent.length,
    non200: run.sent.length - ok.length,
    messagesStored: messages,
    messagesPerSecond: Math.round(messages / run.seconds),
    /** Deliveries that waited for a free slot (the server fell behind the target rate). */
    backlogged: run.backlogged,
    answerMs: times.length
      ? {
          p50: round(percentile(times, 50)),
          p95: round(percentile(times, 95)),
          p99: round(percentile(times, 99)),
          max: round(times.at(-1)!),
        }
      : null,
  };
}

/**
 * Sends signed deliveries for `seconds`: paced at `rate` messages/s (open loop, at most
 * MAX_IN_FLIGHT outstanding), or unpaced with `concurrency` workers when `rate` is 0.
 */
export async function drive(
  target: Target,
  agent: http.Agent,
  opts: { rate: number; seconds: number; batch: number; runId: string; concurrency?: number; until?: Promise<unknown> },
) {
  const sent: Sent[] = [];
  const inFlight = new Set<Promise<void>>();
  let seq = 0;
  let backlogged = 0;
  const fire = () => {
    const { body, ids } = deliveryBody(target, opts.runId, seq, opts.batch);
    seq += opts.batch;
    const t0 = performance.now();
    const p = post(target, agent, body).then((res) => {
      sent.push({ ids, body, status: res.status, ms: performance.now() - t0 });
      inFlight.delete(p);
    });
    inFlight.add(p);
    return p;
  };
  const start = performance.now();
  const end = start + opts.seconds * 1000;
  let extended = opts.until !== undefined;
  void opts.until?.then(() => (extended = false));
  const going = () => performance.now() < end || extended;
  if (opts.rate > 0) {
    const perDeliveryMs = (opts.batch / opts.rate) * 1000;
    let due = start;
    while (going()) {
      while (due <= performance.now() && going()) {
        if (inFlight.size >= MAX_IN_FLIGHT) {
          backlogged++;
          await Promise.race(inFlight);
          continue;
        }
        void fire();
        due += perDeliveryMs;
      }
      await new Promise((r) => setTimeout(r, Math.max(0, Math.min(due - performance.now(), 5))));
    }
  } else {
    await Promise.all(
      Array.from({ length: opts.concurrency ?? 16 }, async () => {
        while (going()) await fire();
      }),
    );
  }
  await Promise.all(inFlight);
  return { sent, seconds: (performance.now() - start) / 1000, backlogged, rate: opts.rate };
}

/** A Meta-shaped delivery of `batch` text messages from customers of the pool. */
function deliveryBody(target: Target, runId: string, seq: number, batch: number) {
  const ids: string[] = [];
  const texts = [];
  for (let i = 0; i < batch; i++) {
    const n = seq + i;
    const from = `5511${String(900_000_000 + ((n * 7919) % CUSTOMERS)).padStart(9, '0')}`;
    const id = `wamid.bench.${runId}.${n}`;
    ids.push(id);
    texts.push({ from, name: `Cliente ${from.slice(-4)}`, id, body: `Mensagem ${n} do benchmark` });
  }
  const body = JSON.stringify(cloudDelivery(target.phoneNumberId, texts));
  return { body, ids };
}

/** One signed delivery to a connection's webhook (`url`): its status, 0 when it got no answer. */
export function postDelivery(
  url: string,
  appSecret: string,
  agent: http.Agent,
  body: string,
): Promise<{ status: number }> {
  const signature = `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
  return new Promise((resolve) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-hub-signature-256': signature,
        },
        timeout: 30_000,
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0 }));
        res.on('error', () => resolve({ status: 0 }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0 }));
    req.end(body);
  });
}

const post = (target: Target, agent: http.Agent, body: string) =>
  postDelivery(
    `http://127.0.0.1:${target.port}/api/webhooks/whatsapp/${target.connectionId}`,
    target.appSecret,
    agent,
    body,
  );

/** A company (through the API, as the operator) and a Cloud API connection (straight in the database). */
export async function setup(port: number, dataDir: string): Promise<Target> {
  const api = async (method: string, p: string, body: unknown, token?: string) => {
    const res = await fetch(`http://127.0.0.1:${port}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { token } = await api('POST', '/api/auth/login', { email: 'admin@balcao.local', password: 'Bench-pass-1' });
  const plan = await api(
    'POST',
    '/api/plans',
    { name: 'Bench plan', users: 10, connections: 5, queues: 5, value: 0 },
    token,
  );
  const company = await api(
    'POST',
    '/api/companies',
    { name: 'Bench company', email: `bench-${Date.now()}@example.com`, password: 'bench-pass', planId: plan.id },
    token,
  );
  const target = {
    port,
    phoneNumberId: '106540352242922',
    appSecret: randomBytes(16).toString('hex'),
    connectionId: 0,
  };
  await withDb(dataDir, async (db) => {
    const { rows } = await db.query(
      `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token, is_default)
       values ($1, 'Cloud bench', 'cloud', $2, $3, $4, $5, $6, true) returning id`,
      [
        company.id,
        randomBytes(30).toString('base64url'),
        target.phoneNumberId,
        `EAAG${randomBytes(20).toString('hex')}`,
        target.appSecret,
        randomBytes(8).toString('hex'),
      ],
    );
    target.connectionId = rows[0].id;
    for (let i = 1; i <= QUEUES; i++) {
      const q = await db.query(
        `insert into queues (company_id, name, color, order_queue, greeting_message) values ($1, $2, $3, $4, $5) returning id`,
        [company.id, `Fila ${i}`, `#${String(i).padStart(6, '0')}`, i, `Bem-vindo à fila ${i}`],
      );
      await db.query(`insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values ($1, $2, $3)`, [
        company.id,
        target.connectionId,
        q.rows[0].id,
      ]);
    }
    if (QUEUES > 0) {
      await db.query(`update whatsapps set greeting_message = 'Olá! Escolha um setor:' where id = $1`, [
        target.connectionId,
      ]);
    }
  });
  return target;
}

/** Enough of the Graph API for the outbox: every send is accepted. */
export async function graphAnswerer(): Promise<{ url: string; close(): void }> {
  let n = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ messaging_product: 'whatsapp', messages: [{ id: `wamid.bench${++n}` }] }));
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

const storedAmong = (dataDir: string, target: Target, ids: string[]) =>
  withDb(dataDir, async (db) => {
    const { rows } = await db.query(
      'select external_id from messages where whatsapp_id = $1 and external_id = any($2)',
      [target.connectionId, ids],
    );
    return new Set(rows.map((r) => r.external_id as string));
  });

/**
 * Customer messages stored more than once: rows beyond the first per external id (the unique
 * index says 0). Ours are left out: a reply still queued has no external id yet.
 */
const duplicateCount = (dataDir: string, target: Target) =>
  withDb(dataDir, async (db) =>
    Number(
      (
        await db.query(
          'select coalesce(sum(n - 1), 0) as extra from (select count(*) as n from messages where whatsapp_id = $1 and not from_me group by external_id) g',
          [target.connectionId],
        )
      ).rows[0].extra,
    ),
  );

/**
 * CPU seconds used so far by the server process and by its PostgreSQL: the postmaster, its live
 * backends, and the backends that already exited (counted in the postmaster's children time).
 */
export async function serverCpu(serverPid: number, dataDir: string): Promise<{ server: number; postgres: number }> {
  const stat = async (pid: number) => {
    try {
      const text = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
      const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
      return {
        ppid: Number(f[1]),
        self: (Number(f[11]) + Number(f[12])) / 100,
        children: (Number(f[13]) + Number(f[14])) / 100,
      };
    } catch {
      return undefined;
    }
  };
  const postmaster = Number((await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
  const pm = await stat(postmaster);
  let postgres = pm ? pm.self + pm.children : 0;
  for (const name of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const t = await stat(Number(name));
    if (t && t.ppid === postmaster) postgres += t.self;
  }
  return { server: (await stat(serverPid))?.self ?? 0, postgres };
}
