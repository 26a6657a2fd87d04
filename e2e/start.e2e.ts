import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Acceptance 1: `npm start` on a fresh data dir serves the login page and prints working credentials. */
let child: ChildProcess | undefined;
let dataDir = '';
afterAll(async () => {
  if (child && child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((r) => child!.once('exit', r));
    process.kill(-child.pid!, 'SIGKILL');
    await exited;
  }
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it('serves the login page and the printed operator password signs in; SIGTERM stops it cleanly', async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-start-'));
    const port = 20000 + Math.floor(Math.random() * 20000);
    const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
    delete env.ADMIN_PASSWORD;
    // Its own process group, signalled as a terminal's Ctrl-C or a supervisor would.
    child = spawn('npm', ['start'], { cwd: path.resolve('.'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let out = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
    const password = await new Promise<string>((resolve, reject) => {
      // The first start builds the web app when its sources changed since the last build.
      const timer = setTimeout(() => reject(new Error(`no credentials printed:\n${out}`)), 170_000);
      const check = () => {
        const m = /password:\s+(\S+)/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(m[1]!);
        }
      };
      child!.stdout!.on('data', check);
    });
    const base = `http://127.0.0.1:${port}`;
    let page: Response | undefined;
    for (let i = 0; i < 200 && !page?.ok; i++) {
      page = await fetch(`${base}/login`).catch(() => undefined);
      if (!page?.ok) await new Promise((r) => setTimeout(r, 100));
    }
    expect(page?.status).toBe(200);
    expect(await page!.text()).toContain('<div id="root">');
    // Quiet (issue 35): no build output on the terminal (it is in DATA_DIR/web-build.log when a
    // build ran); the address, then the operator's credentials, come last.
    expect(out).not.toMatch(/modules transformed|vite v\d|built in/);
    const ready = out.indexOf(`Balcão is ready: http`);
    expect(ready).toBeGreaterThanOrEqual(0);
    expect(out.indexOf('password:')).toBeGreaterThan(ready);
    // The build is kept, stamped with its sources' hash: the next start builds nothing.
    const stamp = await fs.readFile(path.resolve('packages/web/dist/.source-hash'), 'utf8');
    expect(stamp.trim()).toMatch(/^[0-9a-f]{64}$/);

    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@balcao.local', password }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.super).toBe(true);

    const exited = new Promise<void>((r) => child!.once('exit', () => r()));
    process.kill(-child.pid!, 'SIGTERM');
    await exited;
    // The embedded PostgreSQL was stopped cleanly: its pid file is gone and the port is closed.
    for (let i = 0; i < 100 && (await fs.access(path.join(dataDir, 'pg', 'postmaster.pid')).then(() => true, () => false)); i++) {
      await new Promise((r) => setTimeout(r, 100));
    }
    await expect(fs.access(path.join(dataDir, 'pg', 'postmaster.pid'))).rejects.toThrow();
    await expect(fetch(`${base}/login`)).rejects.toThrow();
  }, 200_000);
});
