import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort, percentile, startProduct, stop, waitFor200 } from './lib.ts';

/**
 * Restart-to-first-200 with an existing data dir (goal ≤ 3 s): the time from spawning the
 * server process until GET /api/plans/list and GET /login both answer 200.
 */
export async function benchStartup(runs = 5) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'balcao-bench-'));
  const env = { DATA_DIR: dataDir, ADMIN_PASSWORD: 'Bench-pass-1' };
  const port = await freePort();
  const first = startProduct({ ...env, PORT: String(port) });
  const t0 = performance.now();
  await waitFor200(`http://127.0.0.1:${port}/api/plans/list`);
  const firstStartMs = performance.now() - t0;
  await stop(first);

  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const p = await freePort();
    const start = performance.now();
    const child = startProduct({ ...env, PORT: String(p) });
    await waitFor200(`http://127.0.0.1:${p}/api/plans/list`);
    await waitFor200(`http://127.0.0.1:${p}/login`);
    times.push(performance.now() - start);
    await stop(child);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  const sorted = [...times].sort((a, b) => a - b);
  return {
    name: 'restart-to-first-200',
    goalMs: 3000,
    firstStartMs: Math.round(firstStartMs),
    restartMs: { runs, median: Math.round(percentile(sorted, 50)), max: Math.round(sorted.at(-1)!) },
  };
}
