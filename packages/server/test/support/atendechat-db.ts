import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { ATENDECHAT_AUTOMATION_DDL, ATENDECHAT_DDL } from './atendechat-schema.js';
import { withDatabase } from './database-url.js';

/**
 * A new, empty database on the tests' PostgreSQL server with Atendechat's tables (`optional`: also
 * the optional ones); its URL and a client.
 */
export async function createAtendechatDatabase({ optional = false } = {}): Promise<{
  url: string;
  db: pg.Client;
  drop(): Promise<void>;
}> {
  const base = inject('pgUrl');
  const name = `atendechat_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = withDatabase(base, name);
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query(ATENDECHAT_DDL);
  if (optional) await db.query(ATENDECHAT_AUTOMATION_DDL);
  return {
    url,
    db,
    async drop() {
      await db.end();
      const a = new pg.Client({ connectionString: base });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
