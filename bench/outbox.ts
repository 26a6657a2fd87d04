import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startFakeGraph } from '../packages/server/test/support/fake-graph.ts';
import { freePort, percentile, startProduct, stop, waitFor200, withDb } from './lib.ts';

/**
 * The outbox of one Cloud API connection whose pace is 1,000 sends a second: 20,000 messages to
 * 20,000 contacts queued at once (as a campaign queues them), sent against a fake Graph API that
 * answers each send in ~20 ms and posts Meta's signed "sent" status back for each (carrying our
 * `biz_opaque_callback_data`). One server process as `npm start` runs it. Goal: ≥ 500 sends/s
 * sustained; every message sent once.
 * Figures: sends per second (overall, and the slowest and busiest whole seconds), queue → sent
 * (the message's creation to its recorded ack 1: with everything queued at once, the last waits
 * for all before it), the most sends in flight at once, the server's RSS growth.
 * Env: OUTBOX_BENCH_MESSAGES (20000), OUTBOX_BENCH_PACE (1000), OUTBOX_BENCH_GRAPH_MS (20),
 * OUTBOX_BENCH_STATUSES (1: the fake posts statuses; 0: it does not).
 */
const MESSAGES = Number(process.env.OUTBOX_BENCH_MESSAGES ?? 20_000);
const PACE = Number(process.env.OUTBOX_BENCH_PACE ?? 1000);
const GRAPH_MS = Number(process.env.OUTBOX_BENCH_GRAPH_MS ?? 20);
const STATUSES = process.env.OUTBOX_BENCH_STATUSES !== '0';
const PASSWORD = 'Bench-pass-1';

async function rssMB(pid: number): Promise<number> {
  const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

async function api(port: number, method: string, p: string, body: unknown, token?: string) {
  const res = await fetch(`http://127.0.0.1:${port}${p}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as any;
  if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

export async function benchOutbox() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-outbox-'));
  const port = await freePort();
  const graph = await startFakeGraph({ latencyMs: GRAPH_MS });
  const child: ChildProcess = startProduct({
    DATA_DIR: dataDir,
    PORT: String(port),
    ADMIN_PASSWORD: PASSWORD,
    WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
  });
  const loadAtStart = os.loadavg()[0]!;
  try {
    await waitFor200(`http://127.0.0.1:${port}/api/plans/list`);
    const { token } = await api(port, 'POST', '/api/auth/login', { email: 'admin@balcao.local', password: PASSWORD });
    const plan = await api(port, 'POST', '/api/plans', { name: 'Bench', users: 5, connections: 5, queues: 5, value: 0 }, token);
    const email = `bench-${Date.now()}@example.com`;
    const company = await api(port, 'POST', '/api/companies', { name: 'Bench', email, password: PASSWORD, planId: plan.id }, token);
    const admin = (await api(port, 'POST', '/api/auth/login', { email, password: PASSWORD })).token as string;
    const phoneNumberId = '106540352242923';
    const appSecret = randomBytes(16).toString('hex');
    const conn = await api(
      port,
      'POST',
      '/api/whatsapp',
      {
        name: 'Cloud bench',
        provider: 'cloud',
        isDefault: true,
        phoneNumberId,
        accessToken: `EAAG${randomBytes(20).toString('hex')}`,
        appSecret,
        messagesPerSecond: PACE,
      },
      admin,
    );
    if (STATUSES) graph.webhook(phoneNumberId, { url: `http://127.0.0.1:${port}/api/webhooks/whatsapp/${conn.id}`, appSecret });
    await withDb(dataDir, async (db) => {
      for (;;) {
        const { rows } = await db.query('select status from whatsapps where id = $1', [conn.id]);
        if (rows[0]?.status === 'CONNECTED') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      // The contacts, their tickets and the queued messages, as a campaign leaves them (straight
      // into the database: what is measured is the outbox).
      await db.query('begin');
      await db.query(
        `insert into contacts (company_id, name, number)
         select $1, 'Bench ' || g, '5521' || lpad(g::text, 9, '0') from generate_series(1, $2) g`,
        [company.id, MESSAGES],
      );
      await db.query(
        `insert into tickets (company_id, contact_id, whatsapp_id, status)
         select $1, c.id, $2, 'closed' from contacts c where c.company_id = $1`,
        [company.id, conn.id],
      );
      await db.query(
        `insert into messages (company_id, ticket_id, contact_id, whatsapp_id, from_me, read, ack, body)
         select $1, t.id, t.contact_id, $2, true, true, 0, 'Promoção ' || t.id from tickets t
         where t.company_id = $1 order by t.id`,
        [company.id, conn.id],
      );
      await db.query('commit');
    });

    const rss0 = await rssMB(child.pid!);
    let rssMax = rss0;
    const sampler = setInterval(() => void rssMB(child.pid!).then((mb) => (rssMax = Math.max(rssMax, mb))), 200);
    const started = performance.now();
    await withDb(dataDir, (db) => db.query(`select pg_notify('balcao_outbox', $1)`, [String(conn.id)]));
    let stored: { ack1: number; queueToSentMs: number[] } = { ack1: 0, queueToSentMs: [] };
    await withDb(dataDir, async (db) => {
      for (;;) {
        const { rows } = await db.query(
          'select count(*)::int as n from messages where whatsapp_id = $1 and from_me and ack >= 1',
          [conn.id],
        );
        if (rows[0].n >= MESSAGES || performance.now() - started > 600_000) break;
        await new Promise((r) => setTimeout(r, 250));
      }
    });
    const elapsedS = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const rssEnd = await rssMB(child.pid!);
    await withDb(dataDir, async (db) => {
      const { rows } = await db.query(
        `select extract(epoch from (updated_at - created_at)) * 1000 as ms from messages
         where whatsapp_id = $1 and from_me and ack >= 1 and external_id is not null`,
        [conn.id],
      );
      stored = { ack1: rows.length, queueToSentMs: rows.map((r) => Number(r.ms)).sort((a, b) => a - b) };
    });

    const sends = graph.sent.filter((s) => s.phoneNumberId === phoneNumberId);
    const at = graph.requests.filter((r) => r.path === `/${phoneNumberId}/messages`).map((r) => r.at);
    const first = Math.min(...at);
    const perSecond = new Map<number, number>();
    for (const t of at) perSecond.set(Math.floor((t - first) / 1000), (perSecond.get(Math.floor((t - first) / 1000)) ?? 0) + 1);
    const whole = [...perSecond.entries()].filter(([s]) => s < Math.floor((Math.max(...at) - first) / 1000)).map(([, n]) => n);
    const refs = new Set(sends.map((s) => s.body.biz_opaque_callback_data));
    const q = stored.queueToSentMs;
    return {
      name: 'outbox-cloud',
      machine: { cpus: os.cpus().length, loadAvg1m: { start: loadAtStart, end: os.loadavg()[0] } },
      goals: { sendsPerSecond: 500 },
      messages: MESSAGES,
      pace: PACE,
      graphAnswerMs: GRAPH_MS,
      statusWebhooks: STATUSES ? { posted: graph.statuses.delivered, stillPending: graph.statuses.pending } : 'off',
      sendsPerSecond: {
        overall: Math.round(sends.length / ((Math.max(...at) - first) / 1000)),
        slowestWholeSecond: Math.min(...whole),
        busiestWholeSecond: Math.max(...whole),
      },
      drainSeconds: Math.round(elapsedS * 10) / 10,
      mostInFlight: graph.load.maxInFlight,
      queueToSentMs: { p50: Math.round(percentile(q, 50)), p99: Math.round(percentile(q, 99)), max: Math.round(q.at(-1)!) },
      sentOnce: { accepted: sends.length, distinctMessages: refs.size, storedSent: stored.ack1 },
      serverRssMB: { beforeDrain: Math.round(rss0), max: Math.round(rssMax), end: Math.round(rssEnd), growth: Math.round(rssMax - rss0) },
    };
  } finally {
    await stop(child);
    await graph.close();
  }
}
