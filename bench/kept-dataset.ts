import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { startEmbeddedPostgres } from '../packages/server/src/db/embedded.ts';
import { runMigrations } from '../packages/server/src/db/migrate.ts';

/** What a generated dataset records about itself (`dataset.json` in its folder). */
export interface KeptInfo {
  version: number;
  scale: number;
}

/**
 * A big dataset generated once and kept between runs (its own embedded PostgreSQL in `dir`):
 * made again when its version or scale changed or `regenerate` is set, else migrated and its big
 * tables vacuumed — a migration that rewrote a table leaves its visibility map empty, and
 * index-only scans fetch from the heap until a vacuum sets it. The caller ends `owner` and stops
 * `db`.
 */
export async function keptDataset<S extends KeptInfo>(opts: {
  dir: string;
  version: number;
  scale: number;
  regenerate: boolean;
  bigTables: string[];
  generate: (owner: pg.Pool) => Promise<S>;
}) {
  const infoFile = path.join(opts.dir, 'dataset.json');
  let stored = existsSync(infoFile) ? (JSON.parse(await fs.readFile(infoFile, 'utf8')) as S) : undefined;
  if (!stored || stored.version !== opts.version || stored.scale !== opts.scale || opts.regenerate) {
    stored = undefined;
    await fs.rm(opts.dir, { recursive: true, force: true });
  }
  const db = await startEmbeddedPostgres(opts.dir, pino({ level: 'warn' }));
  const owner = new pg.Pool({ connectionString: db.url, max: 3 });
  owner.on('error', () => {});
  try {
    await runMigrations(owner);
    const generatedNow = !stored;
    if (!stored) {
      stored = await opts.generate(owner);
      await fs.writeFile(infoFile, JSON.stringify(stored, null, 2));
    } else {
      for (const t of opts.bigTables) await owner.query(`vacuum (analyze) ${t}`);
    }
    return { db, owner, stored, generatedNow };
  } catch (err) {
    await owner.end().catch(() => {});
    await db.stop();
    throw err;
  }
}
