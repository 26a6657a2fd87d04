import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const log = pino({ level: 'silent' });
const dirs: string[] = [];
afterAll(async () => {
  for (const d of dirs) await fs.rm(d, { recursive: true, force: true });
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function query(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL lifecycle', () => {
  it('initialises once, keeps data across restarts, and stops cleanly', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-pg-'));
    dirs.push(dir);
    const first = await startEmbeddedPostgres(dir, log);
    await query(first.url, 'create table kept (v int); insert into kept values (42)');
    await first.stop();
    expect(existsSync(path.join(dir, 'pg', 'postmaster.pid'))).toBe(false);

    const second = await startEmbeddedPostgres(dir, log);
    expect(await query(second.url, 'select v from kept')).toEqual([{ v: 42 }]);
    await second.stop();
  });

  it('recovers from a server left behind by a killed process', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-pg-'));
    dirs.push(dir);
    // A parent that starts PostgreSQL and is then killed with SIGKILL, leaving it orphaned.
    const script = `
      import pino from 'pino';
      import { startEmbeddedPostgres } from ${JSON.stringify(path.join(here, 'embedded.ts'))};
      const db = await startEmbeddedPostgres(${JSON.stringify(dir)}, pino({ level: 'silent' }));
      console.log('UP ' + db.url);
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(here, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (d: Buffer) => d.toString().includes('UP ') && resolve());
      child.once('exit', (code) => reject(new Error(`child exited ${code}`)));
    });
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const orphanPid = Number((await fs.readFile(path.join(dir, 'pg', 'postmaster.pid'), 'utf8')).split('\n')[0]);
    expect(alive(orphanPid)).toBe(true);

    const restarted = await startEmbeddedPostgres(dir, log);
    expect(alive(orphanPid)).toBe(false);
    expect(await query(restarted.url, 'select 1 as ok')).toEqual([{ ok: 1 }]);
    await restarted.stop();
  });
});
