import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

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
  return spawn(process.execPath, [...extra, '--enable-source-maps', 'packages/server/dist/main.mjs'], {
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
