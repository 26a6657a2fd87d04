import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import { io, type Socket } from 'socket.io-client';
import { cloudDelivery, freePort, percentile, startProduct, stop, waitFor200, withDb } from './lib.ts';
import { graphAnswerer, serverCpu } from './cloud-webhook.ts';

/**
 * Flows (automation/flows), through the product as `npm start` runs it, on a Cloud API connection
 * (signed webhook deliveries of one message, as Meta sends them; sends to a minimal Graph API
 * answerer). The flow: the campaign's phrase → menu 1; "1" → menu 2; "1" → a closing text.
 * 1. Latency (goal p95 ≤ 50 ms): customers one after the other, each message from just before
 *    it is posted to the moment an agent's socket hears the flow's next message created (stored
 *    queued and published in the step's transaction).
 * 2. Load: FLOWS_BENCH_RUNS (1,000) runs started and their first menu answered at
 *    FLOWS_BENCH_RATE messages a second (20), then the second menu answered by all as fast as
 *    FLOWS_BENCH_IN_FLIGHT (64) deliveries in flight allow: step latency p95 (goal ≤ 100 ms),
 *    steps per second, and no lost step (every run finished, exactly three messages each).
 * Env: FLOWS_BENCH_CUSTOMERS (100), FLOWS_BENCH_RUNS (1000), FLOWS_BENCH_RATE, FLOWS_BENCH_IN_FLIGHT.
 */
const CUSTOMERS = Number(process.env.FLOWS_BENCH_CUSTOMERS ?? 100);
const RUNS = Number(process.env.FLOWS_BENCH_RUNS ?? 1_000);
const IN_FLIGHT = Number(process.env.FLOWS_BENCH_IN_FLIGHT ?? 64);
const RATE = Number(process.env.FLOWS_BENCH_RATE ?? 20);
const WARMUP = 5;
const PHRASE = 'quero atendimento';
const STEPS = [PHRASE, '1', '1'] as const;

export async function benchFlows() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-flows-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const graph = await graphAnswerer();
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: 'Bench-pass-1',
    WHATSAPP_CLOUD_API_URL: graph.url,
  });
  const agent = new http.Agent({ keepAlive: true, maxSockets: IN_FLIGHT });
  const loadAtStart = os.loadavg()[0]!;
  let socket: Socket | undefined;
  try {
    await waitFor200(`${base}/api/plans/list`);
    const target = await setup(base, dataDir);

    // What an agent's screen hears: each number's ticket, and the flow's messages per ticket.
    const ticketOf = new Map<string, number>();
    const heard = new Map<number, number[]>();
    const waiters = new Set<() => void>();
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
        waiters.forEach((w) => w());
      },
    );
    /** When the `n`-th flow message (0-based) to `number` was heard; waits up to 30 s. */
    const nth = (number: string, n: number) =>
      new Promise<number>((resolve, reject) => {
        const check = () => {
          const id = ticketOf.get(number);
          const at = id === undefined ? undefined : heard.get(id)?.[n];
          if (at === undefined) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(at);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no flow message ${n + 1} to ${number}`));
        }, 30_000);
        waiters.add(check);
        check();
      });

    let seq = 0;
    const send = async (number: string, body: string) => {
      const delivery = JSON.stringify(
        cloudDelivery(target.phoneNumberId, [
          { from: number, name: `Cliente ${number.slice(-4)}`, id: `wamid.flow.${++seq}`, body },
        ]),
      );
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request(
          `${base}/api/webhooks/whatsapp/${target.cloudId}`,
          {
            method: 'POST',
            agent,
            headers: {
              'content-type': 'application/json',
              'x-hub-signature-256': `sha256=${createHmac('sha256', target.appSecret).update(delivery).digest('hex')}`,
            },
          },
          (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          },
        );
        req.on('error', reject);
        req.end(delivery);
      });
      if (status !== 200) throw new Error(`webhook: ${status}`);
    };

    // 1. One customer at a time.
    const samples: number[] = [];
    const byStep: number[][] = STEPS.map(() => []);
    for (let c = 0; c < WARMUP + CUSTOMERS; c++) {
      const number = `55117${String(60_000_000 + c).padStart(8, '0')}`;
      for (let step = 0; step < STEPS.length; step++) {
        const t0 = performance.now();
        await send(number, STEPS[step]!);
        const at = await nth(number, step);
        if (c < WARMUP) continue;
        samples.push(at - t0);
        byStep[step]!.push(at - t0);
      }
    }
    const latency = {
      samples: samples.length,
      allMs: stats(samples),
      byStepMs: Object.fromEntries(STEPS.map((s, i) => [`${i + 1}:${s}`, stats(byStep[i]!)])),
    };

    // 2. RUNS flows at once.
    const numbers = Array.from({ length: RUNS }, (_, i) => `55118${String(50_000_000 + i).padStart(8, '0')}`);
    const cpuBefore = await serverCpu(child.pid!, dataDir);
    /** Every customer sends step `step`: paced at `rate` a second, or as fast as IN_FLIGHT deliveries allow (0). */
    const wave = async (step: number, rate: number) => {
      const times: number[] = [];
      const started = performance.now();
      const one = async (number: string) => {
        const t0 = performance.now();
        await send(number, STEPS[step]!);
        times.push((await nth(number, step)) - t0);
      };
      if (rate > 0) {
        const all: Promise<void>[] = [];
        for (const [i, number] of numbers.entries()) {
          const due = started + (i * 1000) / rate;
          if (due > performance.now()) await new Promise((r) => setTimeout(r, due - performance.now()));
          all.push(one(number));
        }
        await Promise.all(all);
      } else {
        let next = 0;
        const worker = async () => {
          while (next < numbers.length) await one(numbers[next++]!);
        };
        await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
      }
      const seconds = (performance.now() - started) / 1000;
      return {
        rate: rate || `unpaced, ${IN_FLIGHT} in flight`,
        stepsPerSecond: Math.round(numbers.length / seconds),
        stepMs: stats(times),
      };
    };
    const start = await wave(0, RATE);
    const menu1 = await wave(1, RATE);
    const menu2 = await wave(2, 0);
    const cpuAfter = await serverCpu(child.pid!, dataDir);
    const books = await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `select count(*) filter (where r.status = 'done' and r.step = 3 and r.node_id = 'bye')::int as finished,
                count(*)::int as runs,
                (select count(*)::int from messages m join tickets t on t.id = m.ticket_id join contacts c on c.id = t.contact_id
                  where m.from_me and c.number like '55118%') as flowMessages
         from flow_runs r join tickets t on t.id = r.ticket_id join contacts c on c.id = t.contact_id
         where c.number like '55118%'`,
      );
      return rows[0] as { finished: number; runs: number; flowmessages: number };
    });
    const messagesHeard = numbers.reduce((n, num) => n + (heard.get(ticketOf.get(num)!)?.length ?? 0), 0);
    return {
      name: 'flow-step-latency',
      goals: { latencyP95Ms: 50, loadStepP95Ms: 100 },
      machine: {
        cpus: os.cpus().length,
        loadAvg1mAtStart: round(loadAtStart),
        loadAvg1mAtEnd: round(os.loadavg()[0]!),
      },
      latency,
      load: {
        runs: RUNS,
        inFlight: IN_FLIGHT,
        start,
        answerMenu1: menu1,
        answerMenu2: menu2,
        runsFinished: books.finished,
        runsStored: books.runs,
        flowMessagesStored: books.flowmessages,
        flowMessagesHeard: messagesHeard,
        lostSteps: RUNS * STEPS.length - books.flowmessages,
        cpuMsPerStep: {
          server: round((1000 * (cpuAfter.server - cpuBefore.server)) / (RUNS * STEPS.length)),
          postgres: round((1000 * (cpuAfter.postgres - cpuBefore.postgres)) / (RUNS * STEPS.length)),
        },
      },
    };
  } finally {
    socket?.close();
    agent.destroy();
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

/** A company, its admin signed in, a Cloud API connection, the flow and its campaign (written to the database). */
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
    { name: 'Flow bench', users: 10, connections: 5, queues: 5, value: 0 },
    superToken,
  );
  const email = `flow-bench-${Date.now()}@example.com`;
  const company = await call(
    'POST',
    '/api/companies',
    { name: 'Flow bench', email, password: 'bench-pass', planId: plan.id },
    superToken,
  );
  const token = (await call('POST', '/api/auth/login', { email, password: 'bench-pass' })).token as string;
  const cloud = { phoneNumberId: '106540352242977', appSecret: randomBytes(16).toString('hex'), id: 0 };
  const menu = (id: string, message: string) => ({
    id,
    type: 'menu',
    position: { x: 0, y: 0 },
    data: {
      message,
      arrayOption: [
        { number: 1, value: 'Sim' },
        { number: 2, value: 'Não' },
      ],
    },
  });
  const flowGraph = {
    nodes: [
      { id: '1', type: 'start', position: { x: 0, y: 0 }, data: {} },
      menu('m1', 'Olá {{firstName}}! Podemos continuar?'),
      menu('m2', 'Confirma o atendimento?'),
      { id: 'bye', type: 'message', position: { x: 0, y: 0 }, data: { label: 'Obrigado, {{firstName}}!' } },
    ],
    connections: [
      { source: '1', target: 'm1' },
      { source: 'm1', target: 'm2', sourceHandle: 'a1' },
      { source: 'm2', target: 'bye', sourceHandle: 'a1' },
    ],
  };
  await withDb(dataDir, async (db) => {
    const w = await db.query(
      `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token, status)
       values ($1, 'Cloud flow bench', 'cloud', $2, $3, $4, $5, $6, 'CONNECTED') returning id`,
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
    const f = await db.query(`insert into flows (company_id, name, graph) values ($1, 'Bench', $2) returning id`, [
      company.id,
      JSON.stringify(flowGraph),
    ]);
    await db.query(
      `insert into flow_campaigns (company_id, name, flow_id, whatsapp_id, phrase) values ($1, 'Bench', $2, $3, $4)`,
      [company.id, f.rows[0].id, cloud.id, 'Quero Atendimento'],
    );
  });
  return {
    token,
    companyId: company.id as number,
    cloudId: cloud.id,
    phoneNumberId: cloud.phoneNumberId,
    appSecret: cloud.appSecret,
  };
}
