import { readFileSync } from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.js';

/** Whether the process takes new work; boot.ts turns it off first thing when it stops. */
export interface Lifecycle {
  accepting: boolean;
  /** Set by buildApp (http-drain.ts): stops the HTTP side without losing a request. */
  drainHttp?: () => Promise<void>;
}

export type Checks = Record<'database' | 'migrations' | 'accepting', string>;

const CHECK_TIMEOUT_MS = 2_000;

/** The newest migration this code ships (drizzle's journal `when`, what its migrator compares). */
let newest: number | undefined;
const newestMigration = (): number => {
  if (newest !== undefined) return newest;
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return (newest = Math.max(0, ...journal.entries.map((e) => e.when)));
};

/**
 * What `/api/ready` answers: the database answers (within 2 s), every migration this code ships
 * is applied, and the process is not shutting down. Each check is `ok` or says what is wrong.
 */
export async function readiness(owner: pg.Pool, lifecycle: Lifecycle): Promise<{ ready: boolean; checks: Checks }> {
  const checks: Checks = {
    database: 'ok',
    migrations: 'ok',
    accepting: lifecycle.accepting ? 'ok' : 'shutting down',
  };
  try {
    const query = owner.query<{ applied: string | null }>(
      'select max(created_at)::text as applied from drizzle.__drizzle_migrations',
    );
    const timeout = new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref(),
    );
    const { rows } = await Promise.race([query, timeout]);
    if (Number(rows[0]?.applied ?? 0) < newestMigration()) checks.migrations = 'pending';
  } catch (err) {
    // No migrations table yet: the database answers, nothing was migrated.
    if ((err as { code?: string }).code === '42P01') checks.migrations = 'pending';
    else {
      checks.database = `unreachable (${err instanceof Error && err.message === 'timed out' ? 'timed out' : 'error'})`;
      checks.migrations = 'unknown';
    }
  }
  return { ready: Object.values(checks).every((c) => c === 'ok'), checks };
}
