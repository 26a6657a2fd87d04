import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_ENTRY, SERVER_NODE_FLAGS } from '../../../../scripts/server-process.mjs';
import { SUPER_EMAIL, SUPER_PASSWORD, TEST_OUTBOUND_ALLOWED_HOSTS } from '../support/app.js';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** The server bundle `npm start` runs (a tenth of a second to build; starts far faster than tsx). */
export function bundleServer(): void {
  const r = spawnSync(process.execPath, ['packages/server/build.mjs'], { cwd: repoRoot, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`server bundle failed: ${r.stderr}`);
}

export interface ProductProcess {
  port: number;
  url: string;
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
  alive(): boolean;
  /** When it said it listens (ms since the epoch). */
  startedAt: number;
}

/** One product process as deployed (deploy/systemd/balcao@.service): the bundle, on `port`, `env` added. */
export async function startProductProcess(port: number, env: Record<string, string>): Promise<ProductProcess> {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_ENTRY], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(os.tmpdir(), `balcao-multi-${port}`),
      ADMIN_EMAIL: SUPER_EMAIL,
      ADMIN_PASSWORD: SUPER_PASSWORD,
      // The secrets every process shares (a token signed by one is read by the other).
      JWT_SECRET: 'multi-jwt-secret-that-is-long-enough-000',
      JWT_REFRESH_SECRET: 'multi-refresh-secret-that-is-long-enough-0',
      OUTBOUND_ALLOWED_HOSTS: TEST_OUTBOUND_ALLOWED_HOSTS,
      TRUST_PROXY: 'true',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const alive = () => child.exitCode === null && child.signalCode === null;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`product on ${port} did not start:\n${out}`));
    }, 60_000);
    const onData = () => {
      if (!out.includes('Balcão is listening')) return;
      clearTimeout(timer);
      child.stdout!.off('data', onData);
      resolve();
    };
    child.stdout!.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`product on ${port} exited ${code}:\n${out}`));
    });
  });
  return { port, url: `http://127.0.0.1:${port}`, child, output: () => out, exited, alive, startedAt: Date.now() };
}

/** Kills what is still running (afterAll, also after a failure). */
export function killAll(products: ProductProcess[]): Promise<unknown> {
  return Promise.all(
    products.filter((p) => p.alive()).map((p) => {
      p.child.kill('SIGKILL');
      return p.exited;
    }),
  );
}
