import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../scripts/server-process.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the product as `npm start` does, from its server bundle (built by `bundleServer`). */
export function startProduct(env: Record<string, string>): ChildProcess {
  // BENCH_NODE_ARGS: extra node flags for the product only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`.
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  return spawn(process.execPath, [...extra, ...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export function bundleServer(): void {
  const r = spawnSync(process.execPath, ['packages/server/build.mjs'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) throw new Error('server bundle failed');
}

export async function waitFor200(url: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`no 200 from ${url}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/** One customer's text message as Meta's webhook carries it. */
export interface DeliveredText {
  from: string;
  name: string;
  id: string;
  body: string;
}

/**
 * A Cloud API webhook delivery (`object: whatsapp_business_account`) of text messages to the
 * number `phoneNumberId`, in one entry and change, as Meta sends them.
 */
export function cloudDelivery(phoneNumberId: string, texts: DeliveredText[]) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const contacts = new Map(texts.map((t) => [t.from, { profile: { name: t.name }, wa_id: t.from }]));
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550000000', phone_number_id: phoneNumberId },
              contacts: [...contacts.values()],
              messages: texts.map((t) => ({ from: t.from, id: t.id, timestamp, type: 'text', text: { body: t.body } })),
            },
          },
        ],
      },
    ],
  };
}
/** The embedded PostgreSQL of the data dir (its port is in postmaster.pid, its password in pg.json). */
export async function withDb<T>(dataDir: string, fn: (db: pg.Client) => Promise<T>): Promise<T> {
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

export const round = (v: number) => Math.round(v * 10) / 10;

/** p50, p95, p99 and max of `values`, to a tenth. */
export function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1)!),
  };
}

/** JSON calls to the product's API (`token`: a bearer); a status of 300 or more throws. */
export function apiCaller(base: string) {
  return async (method: string, p: string, body?: unknown, token?: string): Promise<any> => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as unknown;
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
}

/**
 * A company on a plan of its own (`plan`: its flags), created by the operator (`ADMIN_PASSWORD`
 * Bench-pass-1), and its admin signed in.
 */
export async function benchCompany(base: string, name: string, plan: Record<string, unknown> = {}) {
  const call = apiCaller(base);
  const superToken = (await call('POST', '/api/auth/login', { email: 'admin@balcao.local', password: 'Bench-pass-1' }))
    .token as string;
  const { id: planId } = await call(
    'POST',
    '/api/plans',
    { name, users: 10, connections: 5, queues: 5, value: 0, ...plan },
    superToken,
  );
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const company = await call('POST', '/api/companies', { name, email, password: 'bench-pass', planId }, superToken);
  const token = (await call('POST', '/api/auth/login', { email, password: 'bench-pass' })).token as string;
  return { companyId: company.id as number, token };
}

/** A Cloud API connection of the company written to the bench database (`columns`: more of its columns). */
export async function insertCloudConnection(
  dataDir: string,
  companyId: number,
  columns: Record<string, unknown> = {},
): Promise<{ id: number; phoneNumberId: string; appSecret: string }> {
  const phoneNumberId = String(100_000_000_000 + Math.floor(Math.random() * 899_999_999_999));
  const appSecret = randomBytes(16).toString('hex');
  const names = Object.keys(columns);
  const id = await withDb(dataDir, async (db) => {
    const { rows } = await db.query(
      `insert into whatsapps (company_id, name, provider, token, phone_number_id, access_token, app_secret, verify_token,
         status${names.map((n) => `, ${n}`).join('')})
       values ($1, 'Cloud bench', 'cloud', $2, $3, $4, $5, $6, 'CONNECTED'${names.map((_, i) => `, $${i + 7}`).join('')})
       returning id`,
      [
        companyId,
        randomBytes(30).toString('base64url'),
        phoneNumberId,
        `EAAG${randomBytes(20).toString('hex')}`,
        appSecret,
        randomBytes(8).toString('hex'),
        ...Object.values(columns),
      ],
    );
    return rows[0].id as number;
  });
  return { id, phoneNumberId, appSecret };
}

/**
 * Posts one customer's text to a Cloud API connection's webhook as Meta does (signed, one message
 * per delivery) over kept-alive connections; resolves on the answer (200, else throws).
 */
export function webhookSender(base: string, conn: { id: number; phoneNumberId: string; appSecret: string }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  let seq = 0;
  const send = async (number: string, name: string, body: string) => {
    const delivery = JSON.stringify(
      cloudDelivery(conn.phoneNumberId, [{ from: number, name, id: `wamid.bench.${Date.now()}.${++seq}`, body }]),
    );
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(
        `${base}/api/webhooks/whatsapp/${conn.id}`,
        {
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': `sha256=${createHmac('sha256', conn.appSecret).update(delivery).digest('hex')}`,
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
  return { send, close: () => agent.destroy() };
}

/** CPU time (ms) a process has used, from /proc (Linux; 10 ms ticks), or NaN elsewhere. */
export async function cpuMs(pid: number): Promise<number> {
  try {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}
