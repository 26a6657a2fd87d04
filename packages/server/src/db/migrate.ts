import type pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { MIGRATIONS_DIR } from '../paths.js';

/** Applies the committed SQL migrations; an advisory lock keeps two starting processes in line. */
export async function runMigrations(owner: pg.Pool): Promise<void> {
  const client = await owner.connect();
  try {
    await client.query('select pg_advisory_lock(727001)');
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await client.query('select pg_advisory_unlock(727001)').catch(() => {});
    client.release();
  }
}
