import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startFakeSmtp } from '../../packages/server/test/support/smtp.js';
import { CHROMIUM } from './global-setup.js';

export const ADMIN_EMAIL = 'admin@balcao.local';
export const ADMIN_PASSWORD = 'Operator-pass-1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * The product as `npm start` runs it (embedded PostgreSQL in a fresh data dir, the built web
 * app), with a fake SMTP server catching its mails, plus a headless Chromium. `env` adds to (or
 * overrides) its environment, e.g. `OPENAI_BASE_URL` pointing at a fake.
 */
export async function startProduct(opts: { env?: Record<string, string> } = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-e2e-'));
  const smtp = await startFakeSmtp();
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'packages/server/src/main.ts'], {
    cwd: path.resolve('.'),
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_PASSWORD,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      // The fakes (Typebot, OpenAI…) listen on 127.0.0.1.
      OUTBOUND_ALLOWED_HOSTS: '127.0.0.1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // tsx compiles the server as it starts: at load a start may take 90 s (test/support/second-process.ts).
  const deadline = Date.now() + 90_000;
  const giveUp = async (reason: string) => {
    // A product that never answered is stopped, with its PostgreSQL, rather than left running.
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    }
    await smtp.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw new Error(reason);
  };
  for (;;) {
    try {
      if ((await fetch(`${url}/api/plans/list`)).ok) break;
    } catch {
      /* starting */
    }
    if (child.exitCode !== null) await giveUp(`product exited with ${child.exitCode}`);
    if (Date.now() > deadline) await giveUp('product did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const browser: Browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    url,
    smtp,
    browser,
    /** A fresh browser context (own storage), at a given window size. */
    /** `timezoneId`: the browser's zone (the machine's when not given). */
    async newPage(
      opts: { width?: number; height?: number; locale?: string; timezoneId?: string } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: { width: opts.width ?? 1366, height: opts.height ?? 860 },
        locale: opts.locale ?? 'pt-BR',
        ...(opts.timezoneId && { timezoneId: opts.timezoneId }),
        baseURL: url,
      });
      return context.newPage();
    },
    async stop() {
      await browser.close();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
      await smtp.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type Product = Awaited<ReturnType<typeof startProduct>>;
