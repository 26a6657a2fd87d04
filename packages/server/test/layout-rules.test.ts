import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * The layout's rules (.dependency-cruiser.cjs): no import cycles, providers know no tickets,
 * machinery knows no domain, contracts depend on zod alone, web and server share only contracts.
 * Violations that predate a rule are listed in .dependency-cruiser-known-violations.json and may
 * only go away (regenerate it with `npx depcruise-baseline …` after removing some); any new one
 * fails here.
 */
const run = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;

it('the code keeps the layout rules', { timeout: 180_000 }, async () => {
  const args = ['depcruise', 'packages/contracts/src', 'packages/server/src', 'packages/web/src'];
  const options = ['--config', '.dependency-cruiser.cjs', '--ignore-known', '--output-type', 'err'];
  const outcome = await run('npx', [...args, ...options], { cwd: root, maxBuffer: 16 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
  );
  expect(outcome.out.trim().split('\n').slice(0, 40).join('\n')).not.toMatch(/error /);
  expect(outcome.code).toBe(0);
});
