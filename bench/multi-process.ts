import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { runMigrations } from '../packages/server/src/db/migrate.ts';
import { withDatabase } from '../packages/server/test/support/database-url.ts';
import { startFakeGraph } from '../packages/server/test/support/fake-graph.ts';
import { startNginx, type Nginx } from '../packages/server/test/multi/nginx.ts';
import { apiCaller, benchCompany, freePort, round, startProduct, stop, waitFor200, webhookSender } from './lib.ts';

/**
 * Issue 33, point 5: the product as deployed behind nginx (deploy/nginx/balcao.conf), on one
 * PostgreSQL of its own (embedded, started here, not by a product process, so that killing one
 * process leaves the database up). Measures (1) inbound Cloud API webhook throughput through
 * nginx with one process, then two; (2) from `kill -9` of the process holding the Cloud
 * connection to the survivor's first send of a message queued after the kill; (3) from SIGTERM
 * of a process (SHUTDOWN_DELAY_MS) to its exit, with requests still flowing through nginx.
 * Env: MULTI_BENCH_SECONDS (15), MULTI_BENCH_CONCURRENCY (32), MULTI_BENCH_SHUTDOWN_DELAY_MS (2000).
 */
const SECONDS = Number(process.env.MULTI_BENCH_SECONDS ?? 15);
const CONCURRENCY = Number(process.env.MULTI_BENCH_CONCURRENCY ?? 32);
const SHUTDOWN_DELAY_MS = Number(process.env.MULTI_BENCH_SHUTDOWN_DELAY_MS ?? 2000);
const METRICS_TOKEN = 'bench-metrics-token-0000';
/** Progress on stderr (stdout carries the result). */
const step = (what: string) => console.error(`multi-process: ${what}`);

export async function benchMultiProcess() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-multi-'));
  const webRoot = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-web-'));
  const db = await startEmbeddedPostgres(path.join(dir, 'pg'), pino({ level: 'warn' }));
  const graph = await startFakeGraph({ latencyMs: 20 });
  const children: ChildProcess[] = [];
  const proxies: Nginx[] = [];
  try {
    const admin = new pg.Client({ connectionString: db.url });
    await admin.connect();
    await admin.query('CREATE DATABASE balcao_multi');
    await admin.end();
    const url = withDatabase(db.url, 'balcao_multi');
    const owner = new pg.Pool({ connectionString: url, max: 2 });
    await runMigrations(owner);
    const ports = [await freePort(), await freePort()];
    const start = async (port: number) => {
      const child = startProduct({
        DATABASE_URL: url,
        PORT: String(port),
        DATA_DIR: path.join(dir, `p${port}`),
        ADMIN_PASSWORD: 'Bench-pass-1',
        JWT_SECRET: 'bench-jwt-secret-that-is-long-enough-000',
        JWT_REFRESH_SECRET: 'bench-refresh-secret-that-is-long-enough-0',
        WHATSAPP_CLOUD_API_URL: `${graph.url}/v21.0`,
        OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
        METRICS_TOKEN,
        SHUTDOWN_DELAY_MS: String(SHUTDOWN_DELAY_MS),
      });
      children.push(child);
      await waitFor200(`http://127.0.0.1:${port}/api/health`, 120_000);
      return child;
    };
    const nginx = async (upstreams: number[]) => {
      const n = await startNginx({ upstreams, webRoot });
      proxies.push(n);
      return n;
    };

    step('one process');
    const a = await start(ports[0]!);
    const one = await nginx([ports[0]!]);
    const company = await benchCompany(one.url, 'Multi bench');
    const conn = await insertConnection(owner, company.companyId);
    step('inbound, one process');
    const onePerSecond = await inbound(one.url, conn);

    const b = await start(ports[1]!);
    const two = await nginx(ports);
    step('inbound, two processes');
    const twoPerSecond = await inbound(two.url, conn);

    // (2) kill -9 of the holder; a message queued through the survivor; time to its send.
    const held = async (port: number) => metric(port, 'balcao_whatsapp_sessions');
    const deadline = Date.now() + 60_000;
    while ((await held(ports[0]!)) + (await held(ports[1]!)) !== 1 && Date.now() < deadline) await sleep(200);
    const holderIndex = (await held(ports[0]!)) === 1 ? 0 : 1;
    const holder = [a, b][holderIndex]!;
    const call = apiCaller(two.url);
    const { rows } = await owner.query<{ id: number }>(
      'select id from tickets where whatsapp_id = $1 order by id limit 1',
      [conn.id],
    );
    const ticketId = rows[0]!.id;
    await call('PUT', `/api/tickets/${ticketId}`, { status: 'open' }, company.token);
    step('kill -9 of the holder');
    const killedAt = performance.now();
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    const body = `after the kill ${randomBytes(3).toString('hex')}`;
    await call('POST', `/api/messages/${ticketId}`, { body }, company.token);
    while (!graph.sent.some((s) => s.body.text?.body === body)) await sleep(20);
    const killToFirstSendMs = performance.now() - killedAt;

    // (3) the survivor told to stop while requests flow: SIGTERM to exit.
    const survivor = [a, b][1 - holderIndex]!;
    const restarted = await start(ports[holderIndex]!);
    void restarted;
    let flowing = true;
    let answered = 0;
    let failed = 0;
    const load = Promise.all(
      Array.from({ length: 8 }, async () => {
        while (flowing) {
          const res = await fetch(`${two.url}/api/health`).catch(() => null);
          if (res?.status === 200) answered++;
          else failed++;
        }
      }),
    );
    await sleep(1000);
    step('SIGTERM');
    const termAt = performance.now();
    survivor.kill('SIGTERM');
    await new Promise((r) => survivor.once('exit', r));
    const sigtermToExitMs = performance.now() - termAt;
    await sleep(1000);
    flowing = false;
    await load;
    await owner.end();

    return {
      name: 'multi-process',
      machine: { cpus: os.cpus().length, loadAvg1m: round(os.loadavg()[0]!) },
      inboundMessagesPerSecond: { oneProcess: onePerSecond, twoProcesses: twoPerSecond, seconds: SECONDS, concurrency: CONCURRENCY },
      killToSurvivorFirstSendMs: Math.round(killToFirstSendMs),
      sigterm: { shutdownDelayMs: SHUTDOWN_DELAY_MS, toExitMs: Math.round(sigtermToExitMs), requestsAnswered: answered, requestsFailed: failed },
    };
  } finally {
    for (const n of proxies) await n.stop();
    // lib's stop() waits for an exit: not for the one already killed.
    for (const c of children) if (c.exitCode === null && c.signalCode === null) await stop(c);
    await graph.close();
    await db.stop();
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(webRoot, { recursive: true, force: true });
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function metric(port: number, name: string): Promise<number> {
  const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const m = new RegExp(`^${name}(?:\\{[^}]*\\})? (\\S+)$`, 'm').exec(await res.text());
  return m ? Number(m[1]) : 0;
}

async function insertConnection(owner: pg.Pool, companyId: number) {
  const phoneNumberId = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const appSecret = randomBytes(16).toString('hex');
  const { rows } = await owner.query<{ id: number }>(
    `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token, session_wanted)
     values ($1, 'Cloud bench', 'cloud', $2, $3, $4, $5, $6, true) returning id`,
    [companyId, randomBytes(30).toString('base64url'), phoneNumberId, `EAAG${randomBytes(20).toString('hex')}`, appSecret, randomBytes(8).toString('hex')],
  );
  return { id: rows[0]!.id, phoneNumberId, appSecret };
}

/** Unpaced single-message webhook deliveries through `base` for SECONDS: stored messages a second. */
async function inbound(base: string, conn: { id: number; phoneNumberId: string; appSecret: string }) {
  const sender = webhookSender(base, conn);
  const end = Date.now() + SECONDS * 1000;
  const startedAt = performance.now();
  let ok = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, w) => {
      for (let i = 0; Date.now() < end; i++) {
        const customer = `55119${String(w * 1000 + (i % 50)).padStart(8, '0')}`;
        await sender.send(customer, 'Cliente', `msg ${w}.${i}`);
        ok++;
      }
    }),
  );
  sender.close();
  return Math.round(ok / ((performance.now() - startedAt) / 1000));
}
