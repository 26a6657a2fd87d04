// `npm test`: every tier in turn (unit, integration, e2e, multi), then one closing line with the
// totals. The web app is built first: the browser tier runs against the built product. The multi
// tier needs nginx (Debian's nginx-light; .ci/run installs it). TEST_TIERS=unit,integration picks.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd, args) => spawnSync(cmd, args, { cwd: root, stdio: 'inherit' }).status ?? 1;

const tiers = (process.env.TEST_TIERS ?? 'unit,integration,e2e,multi').split(',');
if (tiers.includes('e2e') && run('npm', ['run', 'build', '-w', '@balcao/web']) !== 0) process.exit(1);

mkdirSync(`${root}.tmp`, { recursive: true });
let passed = 0;
let failed = 0;
let exit = 0;
/** What went wrong, named (the closing lines are what a CI log's tail shows). */
const failures = [];
const retried = [];
for (const tier of tiers) {
  const report = `${root}.tmp/vitest-${tier}.json`;
  rmSync(report, { force: true });
  const status = run('npx', ['vitest', 'run', '--project', tier, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`]);
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    for (const file of r.testResults) {
      const name = file.name.replace(root, '');
      if (file.status === 'failed' && file.message) failures.push(`${tier} ${name}: ${file.message.split('\n')[0]}`);
      for (const t of file.assertionResults) {
        const first = (t.failureMessages ?? [])[0]?.split('\n')[0];
        if (t.status === 'failed') failures.push(`${tier} ${name} > ${t.fullName}: ${first ?? ''}`);
        else if (t.status === 'passed' && first) retried.push(`${tier} ${name} > ${t.fullName}: ${first}`);
      }
    }
    if (r.numTotalTests === 0) {
      console.error(`tier ${tier} ran no test`);
      exit = 1;
    }
  } catch {
    console.error(`tier ${tier} wrote no report`);
    exit = 1;
  }
  if (status !== 0) exit = status;
}
if (retried.length > 0) console.log(`\npassed on a retry (flaky, to look at):\n${retried.map((f) => `  ${f}`).join('\n')}`);
if (failures.length > 0) console.log(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(exit || (failed > 0 ? 1 : 0));
