import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { freePort, percentile, startProduct, stop, waitFor200 } from './lib.ts';
import { serverCpu } from './cloud-webhook.ts';

/**
 * Inbound customer message to the chatbot's reply queued (goal: p95 ≤ 50 ms), through the
 * product as `npm start` runs it: a sandbox connection with two queues (the first with two
 * options), customers writing through the simulator one message at a time (`oi` → the queue
 * menu, `1` → the queue's greeting and options, `1` → the option's answer). Each sample runs
 * from just before the customer's message is posted to the moment an agent's socket hears the
 * bot's reply created (it is stored queued and published in the same step), so it covers storing
 * the inbound message, the job, the bot's transaction and the event.
 * Env: CHATBOT_BENCH_CUSTOMERS (100), CHATBOT_BENCH_WARMUP (5).
 */
const CUSTOMERS = Number(process.env.CHATBOT_BENCH_CUSTOMERS ?? 100);
const WARMUP = Number(process.env.CHATBOT_BENCH_WARMUP ?? 5);
const STEPS = ['oi', '1', '1'] as const;

export async function benchChatbot() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-bot-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child: ChildProcess = startProduct({ DATA_DIR: dataDir, PORT: String(port), ADMIN_PASSWORD: 'Bench-pass-1' });
  const loadAtStart = os.loadavg()[0]!;
  let socket: Socket | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const target = await setup(base, dataDir);

    // Bot replies as an agent's screen hears them: arrival times per ticket.
    const heard = new Map<number, number[]>();
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(base, { transports: ['websocket'], query: { token: target.token }, reconnection: false });
      s.once('ready', () => resolve(s));
      s.once('connect_error', reject);
    });
    socket.on(
      `company-${target.companyId}-appMessage`,
      (e: { action: string; message?: { fromBot?: boolean; ticketId: number } }) => {
        if (e.action !== 'create' || !e.message?.fromBot) return;
        const list = heard.get(e.message.ticketId) ?? [];
        list.push(performance.now());
        heard.set(e.message.ticketId, list);
      },
    );

    const samples: number[] = [];
    const byStep: number[][] = STEPS.map(() => []);
    let cpuBefore = { server: 0, postgres: 0 };
    for (let c = 0; c < WARMUP + CUSTOMERS; c++) {
      if (c === WARMUP) cpuBefore = await serverCpu(child.pid!, dataDir);
      const number = `55119${String(70_000_000 + c).padStart(8, '0')}`;
      for (let step = 0; step < STEPS.length; step++) {
        const t0 = performance.now();
        const res = await fetch(`${base}/api/sandbox/${target.connectionId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
          body: JSON.stringify({ number, name: `Cliente ${c}`, body: STEPS[step] }),
        });
        if (res.status !== 201) throw new Error(`customer message: ${res.status} ${await res.text()}`);
        const { ticketId } = (await res.json()) as { ticketId: number };
        const at = await replyNumber(heard, ticketId, step);
        if (c < WARMUP) continue;
        samples.push(at - t0);
        byStep[step]!.push(at - t0);
      }
    }
    const cpuAfter = await serverCpu(child.pid!, dataDir);
    const perMessage = (key: 'server' | 'postgres') =>
      round((1000 * (cpuAfter[key] - cpuBefore[key])) / samples.length);
    const breakdown = await serverSide(dataDir, target.connectionId);
    return {
      name: 'chatbot-reply-latency',
      goalP95Ms: 50,
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      customers: CUSTOMERS,
      samples: samples.length,
      allMs: stats(samples),
      byStepMs: Object.fromEntries(STEPS.map((s, i) => [`${i + 1}:${s}`, stats(byStep[i]!)])),
      serverSideMs: breakdown,
      /** CPU per customer message with everything it sets off (simulator, inbox, bot, outbox, acks). */
      cpuMsPerMessage: { server: perMessage('server'), postgres: perMessage('postgres') },
    };
  } finally {
    socket?.close();
    await stop(child);
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

const round = (v: number) => Math.round(v * 10) / 10;

function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  };
}

/** When the ticket's `n`-th bot reply (0-based) was heard; waits up to 10 s. */
async function replyNumber(heard: Map<number, number[]>, ticketId: number, n: number): Promise<number> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const at = heard.get(ticketId)?.[n];
    if (at !== undefined) return at;
    if (performance.now() > deadline) throw new Error(`no bot reply ${n + 1} on ticket ${ticketId}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/** A company, its admin signed in, a paired sandbox connection and its queues and options. */
async function setup(base: string, dataDir: string) {
  const call = async (method: string, p: string, body?: unknown, token?: string) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const superToken = (await call('POST', '/api/auth/login', { email: 'admin@balcao.local', password: 'Bench-pass-1' }))
    .token;
  const plan = await call(
    'POST',
    '/api/plans',
    { name: 'Bot bench', users: 10, connections: 5, queues: 5, value: 0 },
    superToken,
  );
  const email = `bot-bench-${Date.now()}@example.com`;
  const company = await call(
    'POST',
    '/api/companies',
    { name: 'Bot bench', email, password: 'bench-pass', planId: plan.id },
    superToken,
  );
  const token = (await call('POST', '/api/auth/login', { email, password: 'bench-pass' })).token as string;
  const conn = await call(
    'POST',
    '/api/whatsapp',
    { name: 'Bot bench', provider: 'sandbox', greetingMessage: 'Olá {{firstName}}! Escolha um setor:' },
    token,
  );
  const deadline = Date.now() + 60_000;
  let state = await call('GET', `/api/sandbox/${conn.id}`, undefined, token);
  while (state.status !== 'qrcode' || !state.qrcode) {
    if (Date.now() > deadline) throw new Error('no QR code');
    await new Promise((r) => setTimeout(r, 50));
    state = await call('GET', `/api/sandbox/${conn.id}`, undefined, token);
  }
  await call('POST', `/api/sandbox/${conn.id}/scan`, { qrcode: state.qrcode }, token);
  while ((await call('GET', `/api/sandbox/${conn.id}`, undefined, token)).status !== 'CONNECTED') {
    if (Date.now() > deadline) throw new Error('not CONNECTED');
    await new Promise((r) => setTimeout(r, 50));
  }
  await withDb(dataDir, async (db) => {
    const q = await db.query(
      `insert into queues (company_id, name, color, order_queue, greeting_message) values
        ($1, 'Vendas', '#111111', 1, 'Bem-vindo a Vendas, {{firstName}}'), ($1, 'Suporte', '#222222', 2, 'Bem-vindo ao Suporte')
       returning id`,
      [company.id],
    );
    const [sales, support] = q.rows.map((r) => r.id as number);
    await db.query(
      `insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values ($1, $2, $3), ($1, $2, $4)`,
      [company.id, conn.id, sales, support],
    );
    await db.query(
      `insert into queue_options (company_id, queue_id, parent_id, title, message, option) values
        ($1, $2, null, 'Orçamento', 'Envie a lista de itens', '1'), ($1, $2, null, 'Pós-venda', 'Informe o pedido', '2')`,
      [company.id, sales],
    );
  });
  return { token, companyId: company.id as number, connectionId: conn.id as number };
}

/** The embedded PostgreSQL of the data dir (its port is in postmaster.pid, its password in pg.json). */
async function withDb<T>(dataDir: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
  const { password } = JSON.parse(await fs.readFile(path.join(dataDir, 'pg.json'), 'utf8')) as { password: string };
  const pid = (await fs.readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const db = new pg.Client({ host: '127.0.0.1', port: Number(pid[3]), user: 'postgres', password, database: 'balcao' });
  await db.connect();
  try {
    return await fn(db);
  } finally {
    await db.end();
  }
}

/**
 * Where the time goes, from the server's own clocks (warm-up included): the customer's message
 * received by the simulator → its chatbot job created (storing it, then after-receive), the job
 * waiting for a worker, the bot's transaction starting → the reply stored in it (and the job
 * completed).
 */
async function serverSide(dataDir: string, connectionId: number) {
  const rows = await withDb(dataDir, async (db) => {
    const { rows } = await db.query(
      `select extract(epoch from (j.created_on - m.created_at)) * 1000 as stored,
              extract(epoch from (j.started_on - j.created_on)) * 1000 as waited,
              extract(epoch from (j.completed_on - j.started_on)) * 1000 as ran,
              extract(epoch from (r.created_at - m.created_at)) * 1000 as reply_tx_started
       from messages m
       join (select * from pgboss.job union all select id, name, priority, data, state, retry_limit, retry_count,
               retry_delay, retry_backoff, start_after, started_on, singleton_key, singleton_on, expire_in, created_on,
               completed_on, keep_until, output, dead_letter, policy from pgboss.archive) j
         on j.name = 'chatbot-reply' and j.singleton_key = 'message:' || m.id
       join lateral (select r.created_at from messages r
                     where r.ticket_id = m.ticket_id and r.id > m.id and r.from_me order by r.id limit 1) r on true
       where m.whatsapp_id = $1 and not m.from_me`,
      [connectionId],
    );
    return rows as Array<Record<string, string>>;
  });
  const column = (key: string) => stats(rows.map((r) => Number(r[key])));
  return {
    messages: rows.length,
    receivedToJobCreated: column('stored'),
    jobWaitingForWorker: column('waited'),
    jobRun: column('ran'),
    receivedToBotTransactionStart: column('reply_tx_started'),
  };
}
