import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DestinationStream } from 'pino';
import { inject } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/platform/logger.js';
import { boot, type Running } from '../../src/boot.js';
import type { SessionRegistry } from '../../src/channels/registry.js';
import { Api } from './client.js';
import { startFakeSmtp } from './smtp.js';
import { withDatabase } from './database-url.js';

export const SUPER_EMAIL = 'admin@balcao.local';
export const SUPER_PASSWORD = 'Super-secret-1';
/** What the tests' servers may reach though internal: the fakes, all on 127.0.0.1. */
export const TEST_OUTBOUND_ALLOWED_HOSTS = '127.0.0.1';

/** A fresh database cloned from the migrated template. */
export async function createTestDatabase(): Promise<string> {
  const base = inject('pgUrl');
  const name = `t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`CREATE DATABASE ${name} TEMPLATE balcao_template`);
        break;
      } catch (err) {
        // Two files cloning the template at the same instant: try again shortly.
        if (attempt > 20 || !/being accessed by other users/.test(String(err))) throw err;
        await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  return withDatabase(base, name);
}

export interface TestApp {
  running: Running;
  url: string;
  dbUrl: string;
  api: Api;
  smtp: Awaited<ReturnType<typeof startFakeSmtp>>;
  superToken(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The real app (buildApp via boot) on a random port, against its own real database; its log
 * goes to `logTo` when given (with LOG_LEVEL in `env`), else to stdout.
 */
export async function startTestApp(
  env: Record<string, string> = {},
  opts: { logTo?: DestinationStream } = {},
): Promise<TestApp> {
  const dbUrl = await createTestDatabase();
  const smtp = await startFakeSmtp();
  const config = loadConfig({
    DATABASE_URL: dbUrl,
    PORT: '0',
    DATA_DIR: path.join(os.tmpdir(), `balcao-test-${randomBytes(4).toString('hex')}`),
    ADMIN_EMAIL: SUPER_EMAIL,
    ADMIN_PASSWORD: SUPER_PASSWORD,
    JWT_SECRET: 'test-jwt-secret-that-is-long-enough-000',
    JWT_REFRESH_SECRET: 'test-refresh-secret-that-is-long-enough-0',
    SMTP_URL: smtp.url,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    // The fakes listen on 127.0.0.1; the outbound suite overrides this to prove the refusals.
    OUTBOUND_ALLOWED_HOSTS: TEST_OUTBOUND_ALLOWED_HOSTS,
    ...env,
  });
  const running = await boot(config, createLogger(config, opts.logTo));
  const api = new Api(running.url);
  let superToken: string | undefined;
  return {
    running,
    url: running.url,
    dbUrl,
    api,
    smtp,
    async superToken() {
      if (!superToken) {
        const res = await api.post('/api/auth/login', { email: SUPER_EMAIL, password: SUPER_PASSWORD });
        if (res.status !== 200) throw new Error(`super login failed: ${JSON.stringify(res.body)}`);
        superToken = res.body.token as string;
      }
      return superToken;
    },
    async stop() {
      await running.stop();
      await smtp.close();
    },
  };
}

/** The app's session registry, for tests that look at live channels (`local`, `tick`, `holder`). */
export const sessionsOf = (t: { running: Running }) => t.running.deps.sessions as SessionRegistry;
