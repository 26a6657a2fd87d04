import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { createHmac, randomBytes } from 'node:crypto';
import { cloudDelivery, freePort, percentile, startProduct, stop, waitFor200, withDb } from './lib.ts';
import { graphAnswerer, serverCpu } from './cloud-webhook.ts';

/**
 * Inbound customer message to the chatbot's reply queued (goal: p95 ≤ 50 ms), through the
 * product as `npm start` runs it, by two doors to the same queues (two, the first with two
 * options): a Cloud API connection (a signed webhook delivery of one message, as Meta sends it;
 * the replies go to a minimal Graph API answerer) and a sandbox connection (the simulator's HTTP
 * endpoint, which also keeps the simulated phone's books). Customers write one message at a time
 * (`oi` → the queue menu, `1` → the queue's greeting and options, `1` → the option's answer).
 * Each sample runs from just before the customer's message is posted to the moment an agent's
 * socket hears the bot's reply created (stored queued and published in the same step), so it
 * covers storing the inbound message with its job, the bot's transaction and the event.
 * Env: CHATBOT_BENCH_CUSTOMERS (100 per door), CHATBOT_BENCH_WARMUP (5).
 */
const CUSTOMERS = Number(process.env.CHATBOT_BENCH_CUSTOMERS ?? 100);
const WARMUP = Number(process.env.CHATBOT_BENCH_WARMUP ?? 5);
const STEPS = ['oi', '1', '1'] as const;

type Door = 'cloud' | 'sandbox';

export async function benchChatbot() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-bot-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const graph = await graphAnswerer();
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: graph.url,
  });
  const loadAtStart = os.loadavg()[0]!;
  let socket: Socket | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const target = await setup(base, dataDir);

    // What an agent's screen hears: the ticket of each customer's number, and the bot's replies
    // per ticket with their arrival times.
    const ticketOf = new Map<string, number>();
    const heard = new Map<number, number[]>();
    socket = await new Promise<Socket>((resolve, reject) => {
      const s = io(base, { transports: ['websocket'], query: { token: target.token }, reconnection: false });
      s.once('ready', () => resolve(s));
      s.once('connect_error', reject);
    });
    socket.on(
      `company-${target.companyId}-appMessage`,
      (e: {
        action: string;
        message?: { fromBot?: boolean; fromMe?: boolean; ticketId: number; contact?: { number: string } };
      }) => {
        if (e.action !== 'create' || !e.message) return;
        if (!e.message.fromMe && e.message.contact) ticketOf.set(e.message.contact.number, e.message.ticketId);
        if (!e.message.fromBot) return;
        const list = heard.get(e.message.ticketId) ?? [];
        list.push(performance.now());
        heard.set(e.message.ticketId, list);
      },
    );

    let seq = 0;
    const send: Record<Door, (number: string, name: string, body: string) => Promise<void>> = {
      async sandbox(number, name, body) {
        const res = await fetch(`${base}/api/sandbox/${target.sandboxId}/messages`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${target.token}` },
          body: JSON.stringify({ number, name, body }),
        });
        if (res.status !== 201) throw new Error(`customer message: ${res.status} ${await res.text()}`);
      },
      async cloud(number, name, body) {
        const delivery = JSON.stringify(
          cloudDelivery(target.phoneNumberId, [{ from: number, name, id: `wamid.bot.${++seq}`, body }]),
        );
        const res = await fetch(`${base}/api/webhooks/whatsapp/${target.cloudId}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': `sha256=${createHmac('sha256', target.appSecret).update(delivery).digest('hex')}`,
          },
          body: delivery,
        });
        if (res.status !== 200) throw new Error(`webhook: ${res.status} ${await res.text()}`);
      },
    };

    const doors = {} as Record<Door, unknown>;
    for (const [d, door] of (['cloud', 'sandbox'] as const).entries()) {
      const samples: number[] = [];
      const byStep: number[][] = STEPS.map(() => []);
      let cpuBefore = { server: 0, postgres: 0 };
      for (let c = 0; c < WARMUP + CUSTOMERS; c++) {
        if (c === WARMUP) cpuBefore = await serverCpu(child.pid!, dataDir);
        const number = `5511${d + 7}${String(70_000_000 + c).padStart(8, '0')}`;
        for (let step = 0; step < STEPS.length; step++) {
          const t0 = performance.now();
          await send[door](number, `Cliente ${c}`, STEPS[step]!);
          const at = await replyNumber(ticketOf, heard, number, step);
          if (c < WARMUP) continue;
          samples.push(at - t0);
          byStep[step]!.push(at - t0);
        }
      }
      const cpuAfter = await serverCpu(child.pid!, dataDir);
      const perMessage = (key: 'server' | 'postgres') =>
        round((1000 * (cpuAfter[key] - cpuBefore[key])) / samples.length);
      doors[door] = {
        samples: samples.length,
        allMs: stats(samples),
        byStepMs: Object.fromEntries(STEPS.map((s, i) => [`${i + 1}:${s}`, stats(byStep[i]!)])),
        // Meta's timestamps are whole seconds: the server-side split is the sandbox's only.
        ...(door === 'sandbox' ? { serverSideMs: await serverSide(dataDir, target.sandboxId) } : {}),
        /** CPU per customer message with everything it sets off (inbox, bot, outbox, acks; the simulator). */
        cpuMsPerMessage: { server: perMessage('server'), postgres: perMessage('postgres') },
      };
    }
    return {
      name: 'chatbot-reply-latency',
      goalP95Ms: 50,
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      customersPerDoor: CUSTOMERS,
      ...doors,
    };
  } finally {
    socket?.close();
    graph.close();
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

/** When the `n`-th bot reply (0-based) to the customer `number` was heard; waits up to 10 s. */
async function replyNumber(
  ticketOf: Map<string, number>,
  heard: Map<number, number[]>,
  number: string,
  n: number,
): Promise<number> {
  const deadline = performance.now() + 10_000;
  for (;;) {
    const ticketId = ticketOf.get(number);
    const at = ticketId === undefined ? undefined : heard.get(ticketId)?.[n];
    if (at !== undefined) return at;
    if (performance.now() > deadline) throw new Error(`no bot reply ${n + 1} to ${number}`);
    await new Promise((r) => setTimeout(r, 1));
  }
}

/**
 * A company, its admin signed in, a paired sandbox connection and a Cloud API connection sharing
 * the same queues and options (the sandbox one is the default: the Cloud one is written straight
 * to the database, as the webhook bench does).
 */
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
  const cloud = { phoneNumberId: '106540352242923', appSecret: randomBytes(16).toString('hex'), id: 0 };
  await withDb(dataDir, async (db) => {
    const w = await db.query(
      `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token,
         greeting_message, status)
       values ($1, 'Cloud bot bench', 'cloud', $2, $3, $4, $5, $6, 'Olá {{firstName}}! Escolha um setor:', 'CONNECTED')
       returning id`,
      [
        company.id,
        randomBytes(30).toString('base64url'),
        cloud.phoneNumberId,
        `EAAG${randomBytes(20).toString('hex')}`,
        cloud.appSecret,
        randomBytes(8).toString('hex'),
      ],
    );
    cloud.id = w.rows[0].id;
    const q = await db.query(
      `insert into queues (company_id, name, color, order_queue, greeting_message) values
        ($1, 'Vendas', '#111111', 1, 'Bem-vindo a Vendas, {{firstName}}'), ($1, 'Suporte', '#222222', 2, 'Bem-vindo ao Suporte')
       returning id`,
      [company.id],
    );
    const [sales, support] = q.rows.map((r) => r.id as number);
    await db.query(
      `insert into whatsapp_queues (company_id, whatsapp_id, queue_id) values ($1, $2, $3), ($1, $2, $4), ($1, $5, $3), ($1, $5, $4)`,
      [company.id, conn.id, sales, support, cloud.id],
    );
    await db.query(
      `insert into queue_options (company_id, queue_id, parent_id, title, message, option) values
        ($1, $2, null, 'Orçamento', 'Envie a lista de itens', '1'), ($1, $2, null, 'Pós-venda', 'Informe o pedido', '2')`,
      [company.id, sales],
    );
  });
  return {
    token,
    companyId: company.id as number,
    sandboxId: conn.id as number,
    cloudId: cloud.id,
    phoneNumberId: cloud.phoneNumberId,
    appSecret: cloud.appSecret,
  };
}

/**
 * The server's own clock: the customer's message (its timestamp) → the bot's reply transaction
 * (the reply's created_at is its start). The bot runs in the storing process right after the
 * commit, claiming its job (automation/chatbot-jobs.ts).
 */
async function serverSide(dataDir: string, connectionId: number) {
  const rows = await withDb(dataDir, async (db) => {
    const { rows } = await db.query(
      `select extract(epoch from (r.created_at - m.created_at)) * 1000 as reply_stored
       from messages m
       join lateral (select r.created_at from messages r
                     where r.ticket_id = m.ticket_id and r.id > m.id and r.from_me order by r.id limit 1) r on true
       where m.whatsapp_id = $1 and not m.from_me`,
      [connectionId],
    );
    return rows as Array<Record<string, string>>;
  });
  const column = (key: string) => stats(rows.map((r) => Number(r[key])));
  return { messages: rows.length, messageStoredToReplyStored: column('reply_stored') };
}
