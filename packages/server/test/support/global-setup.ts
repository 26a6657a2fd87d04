import path from 'node:path';
import fs from 'node:fs/promises';
import pino from 'pino';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../../src/db/embedded.js';
import { runMigrations } from '../../src/db/migrate.js';
import { withDatabase } from './database-url.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

/**
 * One embedded PostgreSQL for the whole run; a migrated template database that every test
 * file clones (CREATE DATABASE … TEMPLATE), so each file starts from a fresh, real schema.
 */
export default async function setup(project: TestProject) {
  // One directory per run: two runs at once (two terminals, CI and a developer) never share one.
  const dir = path.resolve(`.tmp/test-pg-${process.pid}`);
  await fs.rm(dir, { recursive: true, force: true });
  const pgServer = await startEmbeddedPostgres(dir, pino({ level: 'warn' }));
  const admin = new pg.Pool({ connectionString: pgServer.url, max: 1 });
  await admin.query('DROP DATABASE IF EXISTS balcao_template');
  await admin.query('CREATE DATABASE balcao_template');
  const templateUrl = withDatabase(pgServer.url, 'balcao_template');
  const template = new pg.Pool({ connectionString: templateUrl, max: 2 });
  await runMigrations(template);
  await template.end();
  await admin.end();
  project.provide('pgUrl', pgServer.url);
  return async () => {
    await pgServer.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}
