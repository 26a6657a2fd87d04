import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * The layout's rules (.dependency-cruiser.cjs): no import cycles, providers know no tickets,
 * machinery knows no domain, contracts depend on zod alone, web and server share only contracts.
 * The code keeps every one of them (no exceptions are listed); the second test shows the checker
 * does refuse a forbidden import and a cycle, so a passing first test means something.
 */
const exec = promisify(execFile);
const root = new URL('../../../', import.meta.url).pathname;
const depcruise = path.join(root, 'node_modules/.bin/depcruise');
const CONFIG = ['.dependency-cruiser.cjs', 'tsconfig.base.json'];

/** The checker's report on `dirs`, run from `cwd` (which holds the config). */
async function check(cwd: string, dirs: string[]): Promise<{ code: number; out: string }> {
  const options = ['--config', '.dependency-cruiser.cjs', '--output-type', 'err'];
  return exec(depcruise, [...dirs, ...options], { cwd, maxBuffer: 16 * 1024 * 1024 }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
  );
}

it('the code keeps the layout rules', { timeout: 180_000 }, async () => {
  const outcome = await check(root, ['packages/contracts/src', 'packages/server/src', 'packages/web/src']);
  expect(outcome.out.trim().split('\n').slice(0, 40).join('\n')).not.toMatch(/error /);
  expect(outcome.code).toBe(0);
});

it('a provider importing the inbox, or a type-only cycle, fails the check', { timeout: 60_000 }, async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'balcao-layout-'));
  try {
    for (const file of CONFIG) await copyFile(path.join(root, file), path.join(dir, file));
    const files: Record<string, string> = {
      'packages/server/src/channels/beta/provider.ts': `import { store } from '../../inbox/store.js';\nexport const send = store;\n`,
      'packages/server/src/inbox/store.ts': `export const store = 1;\n`,
      'packages/server/src/inbox/a.ts': `import type { B } from './b.js';\nexport type A = B[];\n`,
      'packages/server/src/inbox/b.ts': `import type { A } from './a.js';\nexport type B = { a: A };\n`,
    };
    for (const [file, text] of Object.entries(files)) {
      await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
      await writeFile(path.join(dir, file), text);
    }
    const outcome = await check(dir, ['packages/server/src']);
    expect(outcome.code).not.toBe(0);
    expect(outcome.out).toMatch(
      /error providers-know-no-tickets: packages\/server\/src\/channels\/beta\/provider\.ts → packages\/server\/src\/inbox\/store\.ts/,
    );
    expect(outcome.out).toMatch(/error no-cycles: packages\/server\/src\/inbox\/a\.ts → /);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
