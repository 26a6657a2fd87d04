import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

/**
 * The layout's rules (.dependency-cruiser.cjs): no import cycles; the server's layers (db,
 * platform → channels → modules → automation → inbox, then the composition at src/'s root), each
 * importing only those before it, whole folders; channels/ knows no provider and a provider no
 * other; no domain folder (modules/) registers a sweep (its runtime lives in automation/<domain>);
 * contracts depend on zod alone; web and server share only contracts. The code keeps every one of
 * them (no exceptions are listed); the second test plants imports against them in a copy and
 * shows the checker refuses each, so a passing first test means something.
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

it(
  'an import against the layers, a provider named in channels/ or by another, or a type-only cycle fails the check',
  { timeout: 60_000 },
  async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'balcao-layout-'));
    try {
      for (const file of CONFIG) await copyFile(path.join(root, file), path.join(dir, file));
      const src = 'packages/server/src';
      const files: Record<string, string> = {
        'modules/tags/tag.ts': `export const tag = 1;\n`,
        'automation/bot.ts': `import { tag } from '../modules/tags/tag.js';\nexport const bot = tag;\n`,
        'inbox/store.ts': `import { bot } from '../automation/bot.js';\nexport const store = bot;\n`,
        'platform/clock.ts': `export const now = 1;\n`,
        // Against the order: channels/ (root and provider) reaching up, a domain, db, and the inbox reaching the composition.
        'channels/x.ts': `import { tag } from '../modules/tags/tag.js';\nexport const x = tag;\n`,
        'channels/beta/provider.ts': `import { store } from '../../inbox/store.js';\nexport const send = store;\n`,
        'modules/tags/auto.ts': `import { bot } from '../../automation/bot.js';\nexport const auto = bot;\n`,
        // A domain's folder registering a runtime pass (its place is automation/<domain>).
        'platform/sweeps.ts': `export type SweepSpec = { name: string };\n`,
        'modules/tags/tag-sweep.ts': `import type { SweepSpec } from '../../platform/sweeps.js';\nexport const s: SweepSpec[] = [];\n`,
        'db/rows.ts': `import { now } from '../platform/clock.js';\nexport const rows = now;\n`,
        'boot.ts': `import { store } from './inbox/store.js';\nexport const boot = store;\n`,
        'inbox/stop.ts': `import { boot } from '../boot.js';\nexport const stop = boot;\n`,
        'channels/registry.ts': `import { send } from './beta/provider.js';\nexport const registry = send;\n`,
        'channels/cloud/graph.ts': `import { send } from '../beta/provider.js';\nexport const graph = send;\n`,
        'channels/cloud/client.ts': `import { graph } from './graph.js';\nexport const client = graph;\n`,
        // A test may import across layers.
        'channels/x.test.ts': `import { store } from '../inbox/store.js';\nexport const t = store;\n`,
        'inbox/a.ts': `import type { B } from './b.js';\nexport type A = B[];\n`,
        'inbox/b.ts': `import type { A } from './a.js';\nexport type B = { a: A };\n`,
      };
      for (const [file, text] of Object.entries(files)) {
        await mkdir(path.dirname(path.join(dir, src, file)), { recursive: true });
        await writeFile(path.join(dir, src, file), text);
      }
      const outcome = await check(dir, [src]);
      expect(outcome.code).not.toBe(0);
      const at = (file: string) => `${src}/${file}`;
      const errors = outcome.out.split('\n').filter((line) => line.includes('error '));
      // Exactly these, and nothing from the test file.
      expect(errors.map((e) => e.trim()).sort()).toEqual(
        [
          `error channels-imports-only-lower-layers: ${at('channels/x.ts')} → ${at('modules/tags/tag.ts')}`,
          `error channels-imports-only-lower-layers: ${at('channels/beta/provider.ts')} → ${at('inbox/store.ts')}`,
          `error modules-imports-only-lower-layers: ${at('modules/tags/auto.ts')} → ${at('automation/bot.ts')}`,
          `error modules-run-no-sweep: ${at('modules/tags/tag-sweep.ts')} → ${at('platform/sweeps.ts')}`,
          `error db-imports-only-lower-layers: ${at('db/rows.ts')} → ${at('platform/clock.ts')}`,
          `error inbox-imports-only-lower-layers: ${at('inbox/stop.ts')} → ${at('boot.ts')}`,
          `error channels-know-no-provider: ${at('channels/registry.ts')} → ${at('channels/beta/provider.ts')}`,
          `error providers-stand-alone: ${at('channels/cloud/graph.ts')} → ${at('channels/beta/provider.ts')}`,
          `error no-cycles: ${at('inbox/a.ts')} →`,
        ].sort(),
      );
      expect(outcome.out).toContain(at('inbox/b.ts'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  },
);

/** Source files (tests left out) under `dir` that define a scheduled job (`cron:` in `defineJob`). */
async function scheduledJobsUnder(dir: string): Promise<string[]> {
  const files = (await readdir(dir, { recursive: true })).filter((f) => f.endsWith('.ts') && !/test\.ts$/.test(f));
  const found: string[] = [];
  for (const file of files) if (/\bcron:\s/.test(await readFile(path.join(dir, file), 'utf8'))) found.push(file);
  return found.sort();
}

it('a scheduled job is a runtime too: the crons live in automation/<domain>, none in modules/', async () => {
  const src = path.join(root, 'packages/server/src');
  expect(await scheduledJobsUnder(path.join(src, 'modules'))).toEqual([]);
  // The search finds them where they are, so an empty answer above means something.
  expect(await scheduledJobsUnder(path.join(src, 'automation'))).toEqual(
    expect.arrayContaining(['invoices/invoice-jobs.ts', 'templates/template-jobs.ts']),
  );
});
